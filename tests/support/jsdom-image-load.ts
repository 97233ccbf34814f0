/**
 * jsdom fetches no images (it would need the canvas package), so an <img> never fires `load`; a browser fires it
 * once the image arrived. Widgets that wait for their image (the captcha: its response binds the code to the
 * browser) would then wait in vain in jsdom. Here every image with a source loads, right after it got that source,
 * as a browser's would over a fast connection.
 */
const loaded = new WeakMap<HTMLImageElement, string>();

// A test file may ask for Node's environment instead (`@vitest-environment node`): no images there.
const inJsdom = typeof window !== 'undefined';

function loadImages(root: ParentNode): void {
  const images = root instanceof HTMLImageElement ? [root] : Array.from(root.querySelectorAll('img'));
  for (const image of images) {
    const source = image.getAttribute('src');
    if (!source || loaded.get(image) === source) continue;
    loaded.set(image, source);
    queueMicrotask(() => image.dispatchEvent(new Event('load')));
  }
}

if (inJsdom)
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes' && record.target instanceof HTMLImageElement) loadImages(record.target);
      for (const node of record.addedNodes) if (node instanceof Element) loadImages(node);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] });
