/**
 * The standards the demo articles cite, by code, with their titles as published: a graph node or a search shows
 * the title beside the code, and a search for a standard's title finds the articles that cite it. A code not listed
 * here is still a valid citation (the collection checks its form); it is then shown by its code alone.
 */
export const STANDARD_TITLES: Readonly<Record<string, string>> = {
  'GB 50204-2015': '混凝土结构工程施工质量验收规范',
  'GB 50666-2011': '混凝土结构工程施工规范',
  'GB 50164-2011': '混凝土质量控制标准',
  'GB/T 50107-2010': '混凝土强度检验评定标准',
  'GB 50496-2018': '大体积混凝土施工标准',
  'GB 50300-2013': '建筑工程施工质量验收统一标准',
  'GB 50202-2018': '建筑地基基础工程施工质量验收标准',
  'GB 50203-2011': '砌体结构工程施工质量验收规范',
  'GB 50205-2020': '钢结构工程施工质量验收标准',
  'GB 50208-2011': '地下防水工程质量验收规范',
  'GB 50207-2012': '屋面工程质量验收规范',
  'GB 50720-2011': '建设工程施工现场消防安全技术规范',
  'GB 50497-2019': '建筑基坑工程监测技术标准',
  'GB 51210-2016': '建筑施工脚手架安全技术统一标准',
  'GB 5144-2006': '塔式起重机安全规程',
  'GB/T 50502-2009': '建筑施工组织设计规范',
  'JGJ 59-2011': '建筑施工安全检查标准',
  'JGJ 130-2011': '建筑施工扣件式钢管脚手架安全技术规范',
  'JGJ 80-2016': '建筑施工高处作业安全技术规范',
  'JGJ 46-2005': '施工现场临时用电安全技术规范',
  'JGJ 120-2012': '建筑基坑支护技术规程',
  'JGJ 311-2013': '建筑深基坑工程施工安全技术规范',
  'JGJ 162-2008': '建筑施工模板安全技术规范',
  'JGJ 196-2010': '建筑施工塔式起重机安装、使用、拆卸安全技术规程',
  'JGJ 276-2012': '建筑施工起重吊装工程安全技术规范',
  'JGJ 33-2012': '建筑机械使用安全技术规程',
  'JGJ 202-2010': '建筑施工工具式脚手架安全技术规范',
  'JGJ 18-2012': '钢筋焊接及验收规程',
  'JGJ 107-2016': '钢筋机械连接技术规程',
  'JGJ 94-2008': '建筑桩基技术规范',
  'JGJ 106-2014': '建筑基桩检测技术规范',
  'JGJ 146-2013': '建设工程施工现场环境与卫生标准',
  'JGJ/T 104-2011': '建筑工程冬期施工规程',
};

/** A code as cited: prefix and number separated by one space (GB50204-2015 -> GB 50204-2015). */
export function normalStandardCode(code: string): string {
  return code.trim().replace(/^([A-Z]{2,5}(?:\/T)?)\s*/, '$1 ');
}

export function standardTitle(code: string): string {
  return STANDARD_TITLES[code] ?? '';
}
