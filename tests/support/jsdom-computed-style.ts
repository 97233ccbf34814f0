/**
 * jsdom lays nothing out and loads no stylesheet, and `getComputedStyle` answers box metrics as they were declared
 * ('' for an unset padding, the keyword 'medium' for a border width) where a browser answers a length. Arco's
 * auto-sized textarea adds those up, and in jsdom set its height to NaN (React warned "`NaN` is an invalid value
 * for the `height` css style property"). Tests in jsdom get the lengths a browser computes.
 */
const PADDING = /^padding-(?:top|right|bottom|left)$/;
const BORDER_WIDTH = /^border-(top|right|bottom|left)-width$/;
/** Chromium's lengths for the border width keywords. */
const BORDER_WIDTH_KEYWORDS: Readonly<Record<string, string>> = { thin: '1px', medium: '3px', thick: '5px' };

// A test file may ask for Node's environment instead (`@vitest-environment node`): nothing to mend there.
if (typeof window !== 'undefined') {
  const computedStyle = window.getComputedStyle.bind(window);

  window.getComputedStyle = (element: Element, pseudoElement?: string | null): CSSStyleDeclaration => {
    const style = computedStyle(element, pseudoElement);
    const declared = style.getPropertyValue.bind(style);
    style.getPropertyValue = (property: string) => {
      const value = declared(property);
      if (PADDING.test(property)) return value || '0px';
      const side = BORDER_WIDTH.exec(property)?.[1];
      if (side === undefined) return value;
      // A side without a visible border style has no width, whatever its width says.
      const borderStyle = declared(`border-${side}-style`);
      if (!borderStyle || borderStyle === 'none' || borderStyle === 'hidden') return '0px';
      return BORDER_WIDTH_KEYWORDS[value] ?? (value || '0px');
    };
    return style;
  };
}
