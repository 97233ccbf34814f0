/**
 * The tree panel of a crud page as a part loaded apart (src/engine/lazy-part.tsx): only four lists show one, and
 * Arco's Tree is not in the others' code. A page with a tree loads it with the page (`firstParts` of the crud kind),
 * so the panel is in its first render.
 */
import { lazyPart } from '../../lazy-part';

export const CrudTreePart = lazyPart(async () => (await import('./CrudTree')).CrudTree);
