import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmailText } from '../../src/web/components/ui/email-text.js';

const html = (email: string) => renderToStaticMarkup(createElement(EmailText, { email }));

/**
 * Where an address may break when it does not fit. A UI audit saw "seed1@example." and "com" on two
 * lines in the admins' table: a short domain now stays whole after the @.
 */
describe('an email address’s break points', () => {
  it('breaks before the @ and after a dot of the name, never inside a short domain', () => {
    expect(html('priya.sharma@example.com')).toBe(
      '<span class="wrap-break-word">priya.<wbr/>sharma<wbr/>@example.com</span>',
    );
  });

  it('breaks a long domain after its dots', () => {
    expect(html('ops@mail.verylongcompanyname.co.in')).toBe(
      '<span class="wrap-break-word">ops<wbr/>@mail.<wbr/>verylongcompanyname.<wbr/>co.<wbr/>in</span>',
    );
  });

  it('keeps the address’s text unchanged', () => {
    expect(html('a.b@c.example.org').replace(/<[^>]+>/g, '')).toBe('a.b@c.example.org');
  });
});
