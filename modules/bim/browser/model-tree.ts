/**
 * The two trees of the model page from the fragments' spatial structure: 空间结构 (site, building, storey, then the
 * elements of each storey by category) and 构件类别 (each category's elements across storeys). A node's key says
 * what it is; `leaves` of a node are the elements (local ids) that showing, hiding or isolating it acts on.
 */
import type { SpatialTreeItem } from '@thatopen/fragments';

export interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
}

const CATEGORY_LABELS: Record<string, string> = {
  IFCSITE: '场地',
  IFCBUILDING: '建筑',
  IFCBUILDINGSTOREY: '楼层',
  IFCWALL: '墙',
  IFCWALLSTANDARDCASE: '墙',
  IFCSLAB: '楼板',
  IFCCOLUMN: '柱',
  IFCBEAM: '梁',
  IFCDUCTSEGMENT: '风管',
  IFCPIPESEGMENT: '管道',
  IFCFLOWSEGMENT: '管段',
  IFCDOOR: '门',
  IFCWINDOW: '窗',
  IFCSTAIR: '楼梯',
  IFCSTAIRFLIGHT: '梯段',
  IFCROOF: '屋顶',
  IFCRAILING: '栏杆',
  IFCMEMBER: '杆件',
  IFCPLATE: '板',
  IFCCOVERING: '饰面',
  IFCFOOTING: '基础',
  IFCPILE: '桩',
  IFCSPACE: '空间',
  IFCFURNISHINGELEMENT: '家具',
  IFCBUILDINGELEMENTPROXY: '其他构件',
};

export const categoryLabel = (category: string) => CATEGORY_LABELS[category] ?? category;

const SPATIAL = new Set(['IFCPROJECT', 'IFCSITE', 'IFCBUILDING', 'IFCBUILDINGSTOREY', 'IFCSPACE']);

export interface ModelTrees {
  spatial: TreeNode[];
  categories: TreeNode[];
  /** Element ids below each node key. */
  leaves: Map<string, number[]>;
  /** Every element id with its tree key. */
  elements: Map<number, { category: string; storey: string }>;
  /** Storey node key by storey name (tests and links find a storey by its name). */
  storeys: Map<string, string>;
}

/**
 * Builds the trees; `names` gives an item's IFC Name (spatial items and elements). The spatial structure alternates
 * a category node (localId null) and its items (category null).
 */
export function buildTrees(root: SpatialTreeItem, names: Map<number, string>): ModelTrees {
  const leaves = new Map<string, number[]>();
  const elements = new Map<number, { category: string; storey: string }>();
  const storeys = new Map<string, string>();
  const byCategory = new Map<string, number[]>();

  const itemTitle = (id: number, category: string) => names.get(id) || `${categoryLabel(category)} #${id}`;

  /** The node of a spatial item `id` of `category`, with its own tree below. */
  const spatialNode = (item: SpatialTreeItem, category: string, storey: string): TreeNode => {
    const id = item.localId!;
    const key = `s:${id}`;
    const title = category === 'IFCPROJECT' ? names.get(id) || '项目' : `${itemTitle(id, category)}`;
    const here = category === 'IFCBUILDINGSTOREY' ? title : storey;
    if (category === 'IFCBUILDINGSTOREY') storeys.set(title, key);
    const children: TreeNode[] = [];
    const mine: number[] = [];
    for (const group of item.children ?? []) {
      const groupCategory = group.category ?? '';
      if (SPATIAL.has(groupCategory)) {
        for (const child of group.children ?? []) {
          if (child.localId === null) continue;
          const node = spatialNode(child, groupCategory, here);
          children.push(node);
          mine.push(...(leaves.get(node.key) ?? []));
        }
        continue;
      }
      const ids = (group.children ?? []).flatMap((child) => (child.localId === null ? [] : [child.localId]));
      if (ids.length === 0) continue;
      const groupKey = `g:${id}:${groupCategory}`;
      leaves.set(groupKey, ids);
      mine.push(...ids);
      for (const element of ids) {
        elements.set(element, { category: groupCategory, storey: here });
        leaves.set(`e:${element}`, [element]);
        byCategory.set(groupCategory, [...(byCategory.get(groupCategory) ?? []), element]);
      }
      children.push({
        key: groupKey,
        title: `${categoryLabel(groupCategory)}（${ids.length}）`,
        children: ids.map((element) => ({ key: `e:${element}`, title: itemTitle(element, groupCategory) })),
      });
    }
    leaves.set(key, mine);
    return { key, title: category === 'IFCPROJECT' ? title : `${categoryLabel(category)} ${title}`, children };
  };

  // The root is the category node of the project (IFCPROJECT), its children the project's item(s).
  const spatial: TreeNode[] = [];
  for (const child of root.children ?? [])
    if (child.localId !== null) spatial.push(spatialNode(child, root.category ?? 'IFCPROJECT', ''));
  // The project's own node holds one site: show from the site down, as people read a model.
  const shown = spatial.length === 1 && spatial[0]!.children?.length ? spatial[0]!.children : spatial;

  const categories: TreeNode[] = [...byCategory.entries()]
    .sort(([a], [b]) => categoryLabel(a).localeCompare(categoryLabel(b), 'zh-CN'))
    .map(([category, ids]) => {
      const key = `c:${category}`;
      leaves.set(key, ids);
      return {
        key,
        title: `${categoryLabel(category)}（${ids.length}）`,
        children: ids.map((id) => ({ key: `ce:${id}`, title: itemTitle(id, category) })),
      };
    });
  for (const id of elements.keys()) leaves.set(`ce:${id}`, [id]);
  return { spatial: shown, categories, leaves, elements, storeys };
}

/** The ids of the spatial structure that need names (spatial items and elements). */
export function itemIds(root: SpatialTreeItem): number[] {
  const ids: number[] = [];
  const walk = (node: SpatialTreeItem) => {
    if (node.localId !== null) ids.push(node.localId);
    for (const child of node.children ?? []) walk(child);
  };
  walk(root);
  return ids;
}
