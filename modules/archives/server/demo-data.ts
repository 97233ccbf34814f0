/**
 * The demo archive of each demo project, as a real project's archivist would have begun it: cases (案卷) in the
 * five classes of GB/T 50328-2014 and their files (档号, 题名, 责任者, 日期, 页数, 保管期限), and two borrowings,
 * one returned and one out. The electronic files themselves are PDFs the plugin makes at start (demo-files.ts).
 */
import type { ModuleSeedFile } from '../../../src/server/module-api.js';

export const DEMO_PROJECTS = [
  { id: 'project-binjiang', code: 'BJ', builder: '中建智慧建设有限公司', supervisor: '浙江恒信工程监理有限公司' },
  { id: 'project-expressway', code: 'KS', builder: '中建智慧市政工程有限公司', supervisor: '上海建科工程咨询有限公司' },
  { id: 'project-highway', code: 'GS', builder: '中建智慧路桥建设有限公司', supervisor: '交通部公路监理咨询有限公司' },
] as const;

interface DemoVolume {
  key: string;
  category: string;
  name: string;
  retention: string;
  files: { title: string; by: 'owner' | 'builder' | 'supervisor' | 'designer'; date: string; pages: number }[];
}

const VOLUMES: DemoVolume[] = [
  {
    key: 'JJ-01',
    category: 'jijian',
    name: '立项、用地与规划许可文件',
    retention: 'permanent',
    files: [
      { title: '项目立项批复文件', by: 'owner', date: '2025-03-12', pages: 2 },
      { title: '建设工程规划许可证', by: 'owner', date: '2025-05-20', pages: 1 },
      { title: '建筑工程施工许可证', by: 'owner', date: '2025-08-06', pages: 1 },
    ],
  },
  {
    key: 'JL-01',
    category: 'jianli',
    name: '监理规划与监理月报',
    retention: 'long',
    files: [
      { title: '监理规划', by: 'supervisor', date: '2025-08-20', pages: 3 },
      { title: '监理月报（2026年3月）', by: 'supervisor', date: '2026-04-05', pages: 2 },
    ],
  },
  {
    key: 'SG-01',
    category: 'shigong',
    name: '地基与基础工程施工记录',
    retention: 'long',
    files: [
      { title: '施工组织设计及审批表', by: 'builder', date: '2025-08-28', pages: 3 },
      { title: '钢筋隐蔽工程验收记录', by: 'builder', date: '2025-11-14', pages: 2 },
      { title: '混凝土试块抗压强度检验报告', by: 'builder', date: '2025-12-02', pages: 1 },
    ],
  },
  {
    key: 'JG-01',
    category: 'jungongtu',
    name: '建筑与结构竣工图',
    retention: 'permanent',
    files: [{ title: '结构施工图（竣工图）', by: 'designer', date: '2026-09-18', pages: 2 }],
  },
  {
    key: 'YS-01',
    category: 'yanshou',
    name: '竣工验收文件',
    retention: 'permanent',
    files: [{ title: '单位工程质量竣工验收记录', by: 'builder', date: '2026-10-26', pages: 2 }],
  },
];

const PREFIX: Readonly<Record<string, string>> = {
  jijian: 'A',
  jianli: 'B',
  shigong: 'C',
  jungongtu: 'D',
  yanshou: 'E',
};

export interface DemoArchiveFile {
  id: string;
  projectId: string;
  fileNo: string;
  title: string;
  pages: number;
}

/** The demo files of every demo project, with their stable ids (demo-files.ts makes their PDFs). */
export function demoArchiveFiles(): DemoArchiveFile[] {
  return DEMO_PROJECTS.flatMap((project) =>
    VOLUMES.flatMap((volume) =>
      volume.files.map((file, index) => ({
        id: `archive-${project.id}-${volume.key}-${index + 1}`,
        projectId: project.id,
        fileNo: `${project.code}-${PREFIX[volume.category]}-${volume.key}-${String(index + 1).padStart(3, '0')}`,
        title: file.title,
        pages: file.pages,
      })),
    ),
  );
}

export function demoData(): ModuleSeedFile[] {
  const folders: Record<string, Record<string, unknown>[]> = {};
  const files: Record<string, Record<string, unknown>[]> = {};
  const borrows: Record<string, Record<string, unknown>[]> = {};
  const numbered = new Map(demoArchiveFiles().map((file) => [file.id, file]));
  for (const project of DEMO_PROJECTS) {
    const by = {
      owner: '建设单位',
      builder: project.builder,
      supervisor: project.supervisor,
      designer: '华东建筑设计研究院有限公司',
    };
    folders[project.id] = VOLUMES.map((volume) => ({
      id: `archive-folder-${project.id}-${volume.key}`,
      volumeNo: `${project.code}-${volume.key}`,
      name: volume.name,
      category: volume.category,
      retention: volume.retention,
    }));
    files[project.id] = VOLUMES.flatMap((volume) =>
      volume.files.map((file, index) => {
        const id = `archive-${project.id}-${volume.key}-${index + 1}`;
        return {
          id,
          fileNo: numbered.get(id)!.fileNo,
          title: file.title,
          category: volume.category,
          folder: `archive-folder-${project.id}-${volume.key}`,
          responsible: by[file.by],
          docDate: file.date,
          pages: file.pages,
          retention: volume.retention,
          secrecy: volume.category === 'jungongtu' ? 'internal' : 'public',
        };
      }),
    );
    borrows[project.id] = [
      {
        id: `archive-borrow-${project.id}-1`,
        file: `archive-${project.id}-SG-01-2`,
        borrower: 'user-staff',
        purpose: '分部工程验收查阅',
        borrowDate: '2026-11-02',
        dueDate: '2026-11-09',
        returnDate: '2026-11-06',
        status: 'returned',
      },
      {
        id: `archive-borrow-${project.id}-2`,
        file: `archive-${project.id}-JG-01-1`,
        borrower: 'user-manager',
        purpose: '竣工结算核对',
        borrowDate: '2026-11-20',
        dueDate: '2026-12-04',
      },
    ];
  }
  return [
    { kind: 'module-seed', collection: 'archive-folder', projects: folders },
    { kind: 'module-seed', collection: 'archive-file', projects: files },
    { kind: 'module-seed', collection: 'archive-borrow', projects: borrows },
  ];
}
