/**
 * IFC to fragments (That Open Company's format, which the viewer streams from a worker): web-ifc reads the IFC
 * (IFC2x3 or IFC4) and @thatopen/fragments' IfcImporter writes the fragments, once per model on the server, in the
 * job bim-convert. What the model holds (its elements, storeys and categories) is read back from the fragments
 * themselves, so the numbers the page shows are those of what it displays.
 */
import { IfcImporter, SingleThreadedFragmentsModel, type SpatialTreeItem } from '@thatopen/fragments';
import { webIfcDir } from './demo-ifc.js';

export interface StoreySummary {
  localId: number;
  name: string;
  elements: number;
}

export interface ModelSummary {
  schema: string;
  elementCount: number;
  storeys: StoreySummary[];
  categories: Record<string, number>;
}

export const ConversionMessages = {
  notIfc: '只能上传 IFC 模型文件（IFC2x3 或 IFC4）',
  schema: '只支持 IFC2x3 与 IFC4 模型',
  failed: '模型转换失败，请检查 IFC 文件是否完整',
} as const;

/** The schema an IFC file's header names (FILE_SCHEMA(('IFC4'))), or why it is refused. */
export function ifcSchemaOf(head: Uint8Array): { schema: string } | { refused: string } {
  const text = new TextDecoder('latin1').decode(head.subarray(0, 4096));
  if (!text.startsWith('ISO-10303-21;')) return { refused: ConversionMessages.notIfc };
  const match = /FILE_SCHEMA\s*\(\s*\(\s*'([A-Z0-9_]+)'/i.exec(text);
  const schema = match?.[1]?.toUpperCase() ?? '';
  if (schema === 'IFC2X3' || schema === 'IFC4') return { schema };
  return { refused: ConversionMessages.schema };
}

/** Converts IFC bytes; `onProgress` hears 0..1 as web-ifc works through the file. */
export async function convertIfc(
  bytes: Uint8Array,
  onProgress: (share: number) => void = () => undefined,
): Promise<{ fragments: Uint8Array; summary: Omit<ModelSummary, 'schema'> }> {
  const importer = new IfcImporter();
  importer.wasm = { path: `${webIfcDir()}/`, absolute: true };
  const fragments = await importer.process({ bytes, progressCallback: (progress) => onProgress(progress) });
  return { fragments, summary: summarise(fragments) };
}

/** The elements with geometry, by storey and by IFC class, of converted fragments. */
export function summarise(fragments: Uint8Array): Omit<ModelSummary, 'schema'> {
  const model = new SingleThreadedFragmentsModel('summary', fragments);
  try {
    const withGeometry = new Set(model.getItemsIdsWithGeometry());
    const categories: Record<string, number> = {};
    const storeys: StoreySummary[] = [];
    // The spatial tree alternates a category node (localId null) and its items (category null).
    const walk = (node: SpatialTreeItem, category: string | null, storey: StoreySummary | undefined) => {
      let here = storey;
      if (node.localId !== null && category === 'IFCBUILDINGSTOREY') {
        here = { localId: node.localId, name: '', elements: 0 };
        storeys.push(here);
      } else if (node.localId !== null && category && withGeometry.has(node.localId)) {
        categories[category] = (categories[category] ?? 0) + 1;
        if (here) here.elements++;
      }
      for (const child of node.children ?? []) walk(child, node.category ?? category, here);
    };
    walk(model.getSpatialStructure() as SpatialTreeItem, null, undefined);
    const names = model.getItemsData(
      storeys.map((storey) => storey.localId),
      { attributesDefault: false, attributes: ['Name'], relationsDefault: { attributes: false, relations: false } },
    );
    names.forEach((data, index) => {
      const name = (data as { Name?: { value?: unknown } }).Name?.value;
      storeys[index]!.name = typeof name === 'string' ? name : `楼层 ${index + 1}`;
    });
    const elementCount = Object.values(categories).reduce((sum, count) => sum + count, 0);
    return { elementCount, storeys, categories };
  } finally {
    model.dispose();
  }
}
