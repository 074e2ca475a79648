const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * An Indian GST identification number: the state's two digits, the holder's PAN (five letters, four
 * digits, a letter), the registration's count, 'Z', and a check character over the first fourteen
 * (base 36, factors 1 and 2 in turn), so a mistyped GSTIN is refused at boot rather than printed on
 * every receipt.
 */
export function isValidGstin(gstin: string): boolean {
  if (!/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(gstin.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36.charAt((36 - (sum % 36)) % 36) === gstin.charAt(14);
}
