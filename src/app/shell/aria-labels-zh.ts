/**
 * Arco 2.66 writes a few screen-reader labels in English with no prop or locale entry to change them (the tree's
 * expand switch, the close buttons of Modal and Tag, the tab strip's buttons). A screen reader in a Chinese portal
 * should read Chinese: this watches the document and gives those labels their Chinese text as Arco renders them.
 */
const CHINESE_LABELS: Readonly<Record<string, string>> = {
  'fold button': '收起',
  'expand button': '展开',
  Close: '关闭',
  'remove tab': '关闭标签页',
  'add tab': '新增标签页',
  'expand tabs': '更多标签页',
  'ellipses of breadcrumb items': '更多路径',
  'move selected right': '移到右侧',
  'move selected left': '移到左侧',
};

function translate(element: Element): void {
  const label = element.getAttribute('aria-label');
  const chinese = label === null ? undefined : CHINESE_LABELS[label];
  if (chinese) element.setAttribute('aria-label', chinese);
}

function translateTree(node: Node): void {
  if (!(node instanceof Element)) return;
  translate(node);
  node.querySelectorAll('[aria-label]').forEach(translate);
}

/** Starts translating under `root` (the document's body: dialogs and popups render outside the app's root). */
export function translateArcoAriaLabels(root: HTMLElement): MutationObserver {
  translateTree(root);
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === 'attributes') translate(mutation.target as Element);
      else mutation.addedNodes.forEach(translateTree);
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  return observer;
}
