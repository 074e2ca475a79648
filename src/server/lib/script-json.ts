/**
 * JSON for a non-executed `<script type="application/json">` block in a page, whatever its strings
 * hold: no `<` (so no `</script>` or `<!--` can end or bend the element), and no U+2028 or U+2029
 * (line ends to older JavaScript parsers). JSON.parse reads it back unchanged.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
