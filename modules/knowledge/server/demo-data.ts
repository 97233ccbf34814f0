/**
 * The knowledge module's demo library, made at seeding (seed/module-demo.ts): the fifty articles of
 * demo-articles.ts, each a record with a stable id (`knowledge-<key>`), so seeding again adds nothing. Articles about
 * roads and pipes are filed under the expressway and highway projects, the rest under the residential project; all
 * three are the demo company's, so every user of the company reads all fifty. A fixed seed picks who wrote each.
 * The search index is made when the plugin starts (article-index.ts), as for any article written without the hook.
 */
import { seededRandom, type ModuleSeedFile } from '../../../src/server/module-api.js';
import { DEMO_ARTICLES, type DemoArticle } from './demo-articles.js';

const PROJECT_OF: Readonly<Record<string, string>> = {
  'method-box-girder': 'project-expressway',
  'brief-lifting': 'project-expressway',
  'brief-confined-space': 'project-expressway',
  'case-excavation-collapse': 'project-expressway',
  'case-confined-space': 'project-expressway',
  'method-asphalt': 'project-highway',
  'method-bored-pile': 'project-highway',
};
const DEFAULT_PROJECT = 'project-binjiang';

/** Who the demo articles say wrote them: the company's technical and safety staff. */
const AUTHORS = ['user-manager', 'user-staff'] as const;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The body as the rich-text editor would have written it: a heading per section, a paragraph or a numbered list. */
export function articleBody(article: Pick<DemoArticle, 'sections'>): string {
  return article.sections
    .map(([heading, points]) => {
      const content =
        points.length === 1
          ? `<p>${escapeHtml(points[0])}</p>`
          : `<ol>${points.map((point) => `<li>${escapeHtml(point)}</li>`).join('')}</ol>`;
      return `<h3>${escapeHtml(heading)}</h3>${content}`;
    })
    .join('');
}

export function demoData(): ModuleSeedFile[] {
  const random = seededRandom(2026_1128);
  const projects: Record<string, Record<string, unknown>[]> = {};
  for (const article of DEMO_ARTICLES) {
    const project = PROJECT_OF[article.key] ?? DEFAULT_PROJECT;
    (projects[project] ??= []).push({
      id: `knowledge-${article.key}`,
      createdBy: random.pick(AUTHORS),
      title: article.title,
      category: article.category,
      tags: article.tags,
      ...(article.standards.length > 0 ? { standards: article.standards } : {}),
      summary: article.summary,
      body: articleBody(article),
    });
  }
  return [{ kind: 'module-seed', collection: 'knowledge-article', projects }];
}
