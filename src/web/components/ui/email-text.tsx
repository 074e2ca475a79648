import { Fragment } from 'react';

/** A domain this long or shorter stays whole after the @ ("seed1" / "@example.com", not "@example." / "com"). */
const SHORT_DOMAIN = 20;

/**
 * An email address that, when it does not fit its line, breaks before the @ and after a dot
 * ("priya.sharma" / "@example.com") instead of mid-word; a short domain is not broken at all. Only a
 * part longer than the whole line is cut anywhere. The text (and so a search or a copy) is the
 * address unchanged.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  const withDots = (part: string) =>
    part.split('.').map((piece, i) => (
      <Fragment key={i}>
        {i > 0 && '.'}
        {i > 0 && <wbr />}
        {piece}
      </Fragment>
    ));
  return (
    // break-word, not anywhere: the <wbr>s are the places to break, and a table column or a flex
    // item is never made narrower than the longest part between them.
    <span className="wrap-break-word">
      {withDots(local)}
      {domain && <wbr />}
      {domain.length > SHORT_DOMAIN ? withDots(domain) : domain}
    </span>
  );
}
