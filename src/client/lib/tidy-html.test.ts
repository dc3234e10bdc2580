import { describe, expect, it } from 'vitest';
import { tidyHtml } from './tidy-html';

describe('tidyHtml (issue 26: the server-rendered HTML as the standard writes it)', () => {
  it('writes React camel-case attribute names in lower case and booleans bare', () => {
    expect(
      tidyHtml(
        '<form noValidate="" class="a"><time dateTime="2026-12-03T10:00:00Z">3 Dec</time>' +
          '<input readOnly="" autoComplete="off" maxLength="3" checked=""/></form>',
      ),
    ).toBe(
      '<form novalidate class="a"><time datetime="2026-12-03T10:00:00Z">3 Dec</time>' +
        '<input readonly autocomplete="off" maxlength="3" checked/></form>',
    );
  });

  it('leaves SVG names, values and text alone', () => {
    const svg = '<svg viewBox="0 0 32 32" aria-hidden="true"><path strokeLinecap="round" d="M1 1"></path></svg>';
    expect(tidyHtml(`<p title="dateTime=&quot;x&quot;">dateTime="x"</p>${svg}<b dateTime="1">`)).toBe(
      `<p title="dateTime=&quot;x&quot;">dateTime="x"</p>${svg}<b datetime="1">`,
    );
  });

  it('keeps a boolean-named attribute that has a real value (hidden="until-found")', () => {
    expect(tidyHtml('<div hidden="until-found" data-x="">')).toBe('<div hidden="until-found" data-x="">');
  });
});
