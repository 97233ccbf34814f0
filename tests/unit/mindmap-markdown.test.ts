/**
 * A mind map as Markdown (modules/mindmap/browser/map-export.ts): the root as the title, the first level as
 * sections, the rest as nested lists; links, tags and notes kept; markup characters in a topic stay text; arrows
 * and summaries listed by the topics they join; file names a desktop accepts.
 */
import { describe, expect, it } from 'vitest';
import { fileName, toMarkdown } from '../../modules/mindmap/browser/map-export';

describe('mind map as Markdown', () => {
  it('writes the tree as a title, sections and nested lists', () => {
    const markdown = toMarkdown({
      nodeData: {
        id: 'root',
        topic: '质量控制要点',
        children: [
          {
            id: 'a',
            topic: '钢筋工程',
            children: [
              {
                id: 'a1',
                topic: '保护层厚度',
                tags: ['重点'],
                children: [{ id: 'a11', topic: '垫块间距*不大于*1 m' }],
              },
              { id: 'a2', topic: 'GB 50204', hyperLink: 'https://www.mohurd.gov.cn/' },
            ],
          },
          { id: 'b', topic: '验收', note: '检验批\n分项工程' },
        ],
      },
      arrows: [{ id: 'x', label: '依据', from: 'a1', to: 'a2' }],
      summaries: [{ id: 's', label: '主控项目', parent: 'a', start: 0, end: 1 }],
    });
    expect(markdown).toBe(
      [
        '# 质量控制要点',
        '',
        '## 钢筋工程',
        '',
        '- 保护层厚度 `重点`',
        '  - 垫块间距\\*不大于\\*1 m',
        '- [GB 50204](https://www.mohurd.gov.cn/)',
        '',
        '## 验收',
        '> 检验批',
        '> 分项工程',
        '',
        '## 关联',
        '',
        '- 保护层厚度 → GB 50204：依据',
        '',
        '## 概要',
        '',
        '- 钢筋工程：主控项目',
        '',
      ].join('\n'),
    );
  });

  it('names files as a desktop accepts them', () => {
    expect(fileName('施工组织设计要点', 'md')).toBe('施工组织设计要点.md');
    expect(fileName('A/B: 方案?', 'png')).toBe('A_B_方案.png');
    expect(fileName('   ', 'png')).toBe('思维导图.png');
  });
});
