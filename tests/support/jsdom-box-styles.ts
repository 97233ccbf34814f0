/**
 * jsdom loads no stylesheet, so every computed padding and border is '' and components that measure themselves get
 * NaN: Arco's auto-sized TextArea adds parseFloat('') of its borders to its height and React rejects
 * `height: NaN`. The box metrics the portal's CSS gives form controls in a browser make those measurements numbers.
 */
const style = document.createElement('style');
style.textContent = [
  'textarea, input { box-sizing: border-box; padding: 4px 12px; border: 1px solid transparent; line-height: 22px; }',
].join('\n');
document.head.appendChild(style);
