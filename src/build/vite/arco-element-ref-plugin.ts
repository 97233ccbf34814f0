/**
 * Arco 2.66 reads a child element's ref as `element.ref`. React 19 keeps it in `element.props.ref` and, in
 * development, warns on every read of the old field ("Accessing element.ref was removed in React 19"): the tests and
 * `npm run dev` printed it for every dialog, tooltip and drop-down. Upstream knows it (arco-design#2891; the fix,
 * PR #3204, is not released). Until it is, this plugin rewrites Arco's four reads to take the ref where React 19
 * keeps it, as that PR does. Production is unaffected either way: React's production elements carry `ref` as a
 * plain field.
 *
 * Each rewrite must still find what it replaces: an Arco release that changed these lines fails the build, so this
 * plugin is removed (or adjusted) on the upgrade rather than silently doing nothing.
 */
import type { Plugin } from 'vite';

/** An element's ref, wherever its React version keeps it: React 19 in props, React 18 and before on the element. */
const ELEMENT_REF_OF = `
function __portalElementRefOf(element) {
  if (!element) return element;
  var props = element.props;
  return props && props.ref !== undefined ? props.ref : element.ref;
}
`;

/** Per file of Arco (the same path in its `es` and `lib` builds): what reads `<element>.ref`, and the element. */
const REWRITES: ReadonlyArray<{ file: string; read: RegExp }> = [
  // callbackOriginRef(children, node): the ref a Trigger, a transition or a resize observer passes its node on to.
  { file: '_util/react-dom.js', read: /\bchildren\.ref\b/g },
  // A drop-down's popup re-created with its own ref.
  { file: 'Trigger/index.js', read: /\bpopupChildren\.ref\b/g },
  // AutoComplete's input calls the ref its trigger element came with.
  { file: 'AutoComplete/index.js', read: /\busedTriggerElement\.ref\b/g },
  // A virtual list item's ref is called with its node.
  { file: '_class/VirtualList/index.js', read: /\b_[ab]\.ref\b(?=[()])/g },
];

const ARCO = /\/@arco-design\/web-react\/(?:es|lib)\/(.+)$/;

export function arcoElementRefPlugin(): Plugin {
  return {
    name: 'portal-arco-element-ref',
    enforce: 'pre',
    transform(code, id) {
      const file = ARCO.exec(id.split('?')[0])?.[1];
      const rewrite = file && REWRITES.find((candidate) => candidate.file === file);
      if (!rewrite) return null;
      let found = 0;
      const rewritten = code.replace(rewrite.read, (read) => {
        found += 1;
        return `__portalElementRefOf(${read.slice(0, -'.ref'.length)})`;
      });
      if (found === 0) {
        throw new Error(
          `${id}: Arco no longer reads element.ref as this plugin expects; remove or adjust src/build/vite/arco-element-ref-plugin.ts`,
        );
      }
      return { code: `${rewritten}\n${ELEMENT_REF_OF}`, map: null };
    },
  };
}
