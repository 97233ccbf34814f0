/** The four kinds of article (the collection's `category`), by value, as the screens name them. */
export const CATEGORY_LABELS: Readonly<Record<string, string>> = {
  standard: '规范标准',
  method: '工法',
  briefing: '安全技术交底',
  accident: '事故案例',
};

export const CATEGORIES = Object.keys(CATEGORY_LABELS);
