/**
 * The safety module's demo records, made at seeding (seed/module-demo.ts) from fixed seeds, so every seeding makes
 * the same ones: hazards in every state, JGJ 59-2011 checklist templates and inspections whose 不合格 rows raised
 * hazards, and safety education (courses, trainings, attendees drawn from the labour module's demo workers; some
 * on-site workers without a passed 三级安全教育). Dates are relative (`@day-30`), so the demo always looks current.
 */
import { type DemoApproval, relativeDay, seededRandom, type ModuleSeedFile } from '../../../src/server/module-api.js';
import { DEMO_PROJECTS, demoWorkers } from '../../labour/server/public.js';

const generator = seededRandom;
const day = relativeDay;
const workers = demoWorkers;

const HAZARDS: [category: string, level: string, description: string, location: string][] = [
  ['fall', 'major', '临边防护栏杆缺失', '3号楼12层东侧'],
  ['fall', 'general', '安全网破损未及时更换', '2号楼外脚手架'],
  ['object-strike', 'general', '楼层内材料堆放靠近临边', '5号楼8层'],
  ['electric', 'major', '配电箱门未关闭，无漏电保护器', '施工现场东侧二级配电箱'],
  ['electric', 'general', '电缆拖地，未架空敷设', '钢筋加工场'],
  ['lifting', 'critical', '塔吊吊钩防脱装置失效', '1号塔吊'],
  ['lifting', 'major', '钢丝绳断丝超标', '2号塔吊'],
  ['collapse', 'critical', '基坑边堆载超过设计要求', '地下室基坑北侧'],
  ['collapse', 'major', '高支模立杆间距不符合方案', '地下车库顶板'],
  ['machinery', 'general', '钢筋切断机防护罩缺失', '钢筋加工场'],
  ['fire', 'general', '动火作业未配备灭火器', '4号楼地下室'],
  ['vehicle', 'general', '施工车辆出入口无专人指挥，车辆倒车无人监护', '主大门'],
  ['poisoning', 'major', '污水井有限空间作业未检测气体、未设监护人', '场区西侧污水井'],
  ['fall', 'major', '电梯井口未设防护门', '6号楼各层电梯井'],
  ['object-strike', 'general', '作业人员未正确佩戴安全帽', '3号楼主体'],
];
const PEOPLE = ['user-staff', 'user-manager'];
/** Pictures of the site the project draws itself (scripts/gateway-slides.ts). */
const DEMO_PHOTOS = ['/app/gateway/site-morning.svg', '/app/gateway/site-evening.svg', '/app/gateway/site-iot.svg'];

function hazards(projectIndex: number): Record<string, unknown>[] {
  const random = generator(2000 + projectIndex);
  const rows: Record<string, unknown>[] = [];
  const count = [24, 16, 14][projectIndex];
  for (let index = 0; index < count; index += 1) {
    const [category, level, description, location] = HAZARDS[(index + projectIndex * 3) % HAZARDS.length];
    const raised = -random.int(1, 60);
    const status = random.pick(['pending', 'pending', 'review', 'closed', 'closed', 'closed']);
    const responsible = random.pick(PEOPLE);
    const row: Record<string, unknown> = {
      id: `hazard-${projectIndex + 1}-${String(index + 1).padStart(2, '0')}`,
      description,
      category,
      level,
      location,
      photos: [random.pick(DEMO_PHOTOS)],
      responsibleId: responsible,
      reviewerId: responsible === 'user-staff' ? 'user-manager' : 'user-admin',
      deadline: day(raised + random.int(3, 10)),
      status,
      createdAt: day(raised),
      createdBy: 'user-manager',
    };
    if (status !== 'pending') {
      row.rectifyRemark = '已按要求整改完毕，请复查';
      row.rectifyPhotos = [random.pick(DEMO_PHOTOS)];
    }
    if (status === 'closed') row.recheckRemark = '复查合格';
    rows.push(row);
  }
  return rows;
}

type ChecklistItem = [section: string, content: string, standard: string, category: string];

/**
 * The check tables of JGJ 59-2011 chapter 3 and the clause of each: 3.1 安全管理, 3.2 文明施工, 3.3 扣件式钢管脚手架,
 * ... 3.11 基坑工程, 3.12 模板支架, 3.13 高处作业, 3.14 施工用电, 3.15 物料提升机与施工升降机, 3.16 塔式起重机与起重吊装,
 * 3.17 施工机具. In a table with 保证项目 and 一般项目, clause x.x.3 states the 保证项目 and x.x.4 the 一般项目; 高处作业 and
 * 施工机具 have no such split, their items are all in x.x.3.
 */
export const JGJ59_SECTIONS: Readonly<Record<string, string>> = {
  安全管理: '3.1',
  文明施工: '3.2',
  扣件式钢管脚手架: '3.3',
  基坑工程: '3.11',
  模板支架: '3.12',
  高处作业: '3.13',
  施工用电: '3.14',
  物料提升机与施工升降机: '3.15',
  塔式起重机: '3.16',
  施工机具: '3.17',
};

/** `JGJ 59-2011 第3.16.3条`: the 保证项目 (3) or 一般项目 (4) clause of a section's table. */
const clause = (section: string, item: 3 | 4 = 3) => `JGJ 59-2011 第${JGJ59_SECTIONS[section]}.${item}条`;

/**
 * Items of the JGJ 59-2011 安全检查标准 evaluation tables (one line per 检查项目 that sites most often fail), each with
 * the accident it may lead to (GB 6441 category of hazard_category).
 */
const JGJ59: ChecklistItem[] = [
  ['安全管理', '项目部建立以项目经理为第一责任人的安全生产责任制，并经责任人签字确认', clause('安全管理'), 'other'],
  ['安全管理', '危险性较大的分部分项工程编制专项施工方案，并按规定审核、审批和论证', clause('安全管理'), 'other'],
  ['安全管理', '施工前逐级进行安全技术交底，交底内容有针对性并履行签字手续', clause('安全管理'), 'other'],
  ['文明施工', '施工现场实行封闭管理，市区主要路段围挡高度不低于2.5m', clause('文明施工'), 'other'],
  ['文明施工', '裸露场地和堆放的土方采取覆盖、固化或绿化等防尘措施', clause('文明施工'), 'other'],
  ['文明施工', '材料按总平面布局码放整齐并标明名称、规格，堆放高度符合规定', clause('文明施工'), 'collapse'],
  ['扣件式钢管脚手架', '立杆基础平整坚实，设置底座、垫板和纵横向扫地杆', clause('扣件式钢管脚手架'), 'collapse'],
  ['扣件式钢管脚手架', '架体与建筑结构按规定拉结，连墙件设置符合方案', clause('扣件式钢管脚手架'), 'collapse'],
  ['扣件式钢管脚手架', '作业层脚手板满铺、铺稳，外侧设置挡脚板和防护栏杆', clause('扣件式钢管脚手架'), 'fall'],
  ['扣件式钢管脚手架', '架体外侧采用密目式安全网封闭，网间连接严密', clause('扣件式钢管脚手架'), 'object-strike'],
  ['基坑工程', '基坑周边设置防护栏杆，坑边堆载不超过设计要求', clause('基坑工程'), 'collapse'],
  // 基坑监测 is one of the table's 一般项目.
  ['基坑工程', '按方案进行基坑支护结构水平位移和周边沉降监测', clause('基坑工程', 4), 'collapse'],
  ['基坑工程', '基坑内设置供人员上下的专用梯道', clause('基坑工程'), 'fall'],
  ['模板支架', '支架立杆间距、水平杆步距符合专项施工方案', clause('模板支架'), 'collapse'],
  ['模板支架', '支架按规定设置竖向和水平剪刀撑', clause('模板支架'), 'collapse'],
  ['模板支架', '混凝土浇筑前对支架进行验收并形成记录', clause('模板支架'), 'collapse'],
  ['高处作业', '作业人员正确佩戴安全帽，高处作业系挂安全带', clause('高处作业'), 'fall'],
  ['高处作业', '楼层临边、阳台边设置防护栏杆并挂设安全网', clause('高处作业'), 'fall'],
  ['高处作业', '电梯井口设置防护门，井内每隔两层且不大于10m设一道安全平网', clause('高处作业'), 'fall'],
  ['高处作业', '预留洞口采取盖板或防护栏杆等有效防护措施', clause('高处作业'), 'fall'],
  ['施工用电', '采用TN-S接零保护系统，专用保护零线设置符合规范', clause('施工用电'), 'electric'],
  ['施工用电', '配电箱实行“一机、一闸、一漏、一箱”，箱门加锁', clause('施工用电'), 'electric'],
  ['施工用电', '电缆线路架空或埋地敷设，无老化破损、无拖地', clause('施工用电'), 'electric'],
  ['物料提升机与施工升降机', '安全装置（防坠安全器、限位开关）齐全有效', clause('物料提升机与施工升降机'), 'lifting'],
  ['物料提升机与施工升降机', '各层停层平台设置常闭平台门，平台搭设牢固', clause('物料提升机与施工升降机'), 'fall'],
  ['塔式起重机', '力矩限制器、起重量限制器灵敏可靠', clause('塔式起重机'), 'lifting'],
  ['塔式起重机', '吊钩设置钢丝绳防脱钩装置，钢丝绳磨损、断丝未超标', clause('塔式起重机'), 'lifting'],
  ['塔式起重机', '多塔作业编制防碰撞专项方案，任意两台塔吊间距符合规范', clause('塔式起重机'), 'lifting'],
  ['施工机具', '钢筋加工机械传动部位设置防护罩，设备接零并装设漏电保护器', clause('施工机具'), 'machinery'],
  ['施工机具', '电焊机设置二次空载降压保护器，一次线长度不超过5m', clause('施工机具'), 'electric'],
  ['施工机具', '气瓶分开存放，乙炔瓶与氧气瓶间距不小于5m，配备灭火器', clause('施工机具'), 'fire'],
];

const TEMPLATES: { name: string; type: string; sections: string[]; description: string }[] = [
  {
    name: 'JGJ 59-2011 安全检查评分表（综合）',
    type: 'monthly',
    sections: [
      '安全管理',
      '文明施工',
      '扣件式钢管脚手架',
      '基坑工程',
      '模板支架',
      '高处作业',
      '施工用电',
      '物料提升机与施工升降机',
      '塔式起重机',
      '施工机具',
    ],
    description: '月度综合检查：按《建筑施工安全检查标准》十类检查表逐项检查。',
  },
  {
    name: '日常安全巡查表',
    type: 'daily',
    sections: ['文明施工', '高处作业', '施工用电'],
    description: '安全员每日巡查。',
  },
  {
    name: '周检安全检查表',
    type: 'weekly',
    sections: ['安全管理', '扣件式钢管脚手架', '高处作业', '施工用电', '施工机具'],
    description: '项目部每周联合检查。',
  },
  {
    name: '脚手架与模板支架专项检查表',
    type: 'special',
    sections: ['扣件式钢管脚手架', '模板支架'],
    description: '架体搭设、验收与使用专项检查。',
  },
  {
    name: '起重机械专项检查表',
    type: 'special',
    sections: ['塔式起重机', '物料提升机与施工升降机'],
    description: '塔吊、施工升降机专项检查。',
  },
];

const AREAS = [
  '1号楼主体结构',
  '2号楼外脚手架',
  '3号楼12层',
  '地下室基坑北侧',
  '钢筋加工场',
  '施工现场东侧配电区',
  '1号塔吊',
  '生活区与办公区',
];
const FAIL_REMARKS = ['现场检查发现不符合要求', '局部缺失，需立即整改', '已口头要求班组整改', '与方案不一致'];

function checklists(projectIndex: number) {
  const p = projectIndex + 1;
  const templates = TEMPLATES.map((template, t) => ({
    id: `checklist-template-${p}-${t + 1}`,
    name: template.name,
    inspectionType: template.type,
    basis: 'JGJ 59-2011',
    description: template.description,
    createdAt: day(-90),
  }));
  const items = TEMPLATES.flatMap((template, t) =>
    JGJ59.filter(([section]) => template.sections.includes(section)).map(
      ([section, content, standard, category], n) => ({
        id: `checklist-item-${p}-${t + 1}-${String(n + 1).padStart(2, '0')}`,
        templateId: `checklist-template-${p}-${t + 1}`,
        section,
        content,
        standard,
        category,
        sort: n + 1,
        createdAt: day(-90),
      }),
    ),
  );
  return { templates, items };
}

/** Inspections in every state: done ones whose 不合格 rows raised hazards, and some still under way. */
function inspections(projectIndex: number) {
  const random = generator(3000 + projectIndex);
  const p = projectIndex + 1;
  const { items: templateItems } = checklists(projectIndex);
  const plan: [template: number, type: string, title: string, daysAgo: number, done: boolean][] = [
    [1, 'monthly', '9月安全生产月度检查', 62, true],
    [3, 'weekly', '第一周安全周检', 45, true],
    [4, 'special', '脚手架专项检查', 38, true],
    [1, 'monthly', '10月安全生产月度检查', 31, true],
    [5, 'special', '起重机械专项检查', 20, true],
    [3, 'weekly', '第三周安全周检', 12, true],
    [2, 'daily', '日常安全巡查', 2, false],
    [3, 'weekly', '本周安全周检', 1, false],
  ];
  const rows: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  const hazards: Record<string, unknown>[] = [];
  plan.forEach(([template, type, title, daysAgo, done], k) => {
    const id = `inspection-${p}-${k + 1}`;
    const area = random.pick(AREAS);
    const inspector = random.pick(PEOPLE);
    const responsible = inspector === 'user-staff' ? 'user-manager' : 'user-staff';
    const own = templateItems.filter((item) => item.templateId === `checklist-template-${p}-${template}`);
    let fails = 0;
    let raised = 0;
    own.forEach((item, n) => {
      // A finished inspection has every row judged; one under way about half of them.
      const judged = done || n < own.length / 2;
      const fail = judged && random.next() < 0.12;
      const row: Record<string, unknown> = {
        id: `inspection-item-${p}-${k + 1}-${String(n + 1).padStart(2, '0')}`,
        inspectionId: id,
        section: item.section,
        content: item.content,
        standard: item.standard,
        category: item.category,
        sort: n + 1,
        createdAt: day(-daysAgo),
      };
      if (judged) row.result = fail ? 'fail' : 'pass';
      if (fail) {
        fails += 1;
        row.level = random.pick(['general', 'general', 'major', 'critical']);
        row.photos = [random.pick(DEMO_PHOTOS)];
        row.remark = random.pick(FAIL_REMARKS);
        if (done) {
          raised += 1;
          const hazardId = `hazard-${p}-i${k + 1}-${n + 1}`;
          row.hazardId = hazardId;
          // Older hazards are mostly closed, recent ones still open.
          const status =
            daysAgo > 30 ? random.pick(['closed', 'closed', 'review']) : random.pick(['pending', 'review', 'closed']);
          const hazard: Record<string, unknown> = {
            id: hazardId,
            description: `【${item.section}】未达要求：${item.content}；${String(row.remark)}`.slice(0, 200),
            category: item.category,
            level: row.level,
            location: area,
            photos: row.photos,
            responsibleId: responsible,
            reviewerId: inspector,
            deadline: day(-daysAgo + 7),
            inspectionId: id,
            status,
            createdAt: day(-daysAgo),
            createdBy: inspector,
          };
          if (status !== 'pending') {
            hazard.rectifyRemark = '已按检查要求整改完毕，请复查';
            hazard.rectifyPhotos = [random.pick(DEMO_PHOTOS)];
          }
          if (status === 'closed') hazard.recheckRemark = '复查合格';
          hazards.push(hazard);
        }
      }
      items.push(row);
    });
    const inspection: Record<string, unknown> = {
      id,
      title,
      inspectionType: type,
      area,
      inspectorId: inspector,
      inspectionDate: day(-daysAgo),
      templateId: `checklist-template-${p}-${template}`,
      status: done ? 'done' : 'checking',
      itemCount: own.length,
      failCount: fails,
      hazardCount: raised,
      createdAt: day(-daysAgo),
      createdBy: inspector,
    };
    if (done) {
      inspection.summary = fails > 0 ? `发现${fails}项不合格，已登记隐患并限期整改` : '检查合格，未发现隐患';
      if (fails > 0) {
        inspection.responsibleId = responsible;
        inspection.rectifyDeadline = day(-daysAgo + 7);
      }
    }
    rows.push(inspection);
  });
  return { inspections: rows, items, hazards };
}

/**
 * 三级安全教育 of new workers, 建教〔1997〕83号《建筑业企业职工安全培训教育暂行规定》: 公司级 at least 15 学时, 项目级 15,
 * 班组级 20, 50 in all.
 */
export const LEVEL3_HOURS = { company: 15, project: 15, team: 20 } as const;
const LEVEL3_TOTAL = LEVEL3_HOURS.company + LEVEL3_HOURS.project + LEVEL3_HOURS.team;

const COURSES: [title: string, type: string, hours: number, content: string][] = [
  [
    '新进场工人三级安全教育',
    'level3',
    LEVEL3_TOTAL,
    `公司级（不少于${LEVEL3_HOURS.company}学时：安全生产法律法规、企业规章制度）、项目级（不少于${LEVEL3_HOURS.project}学时：工程概况、现场危险源与安全措施）、班组级（不少于${LEVEL3_HOURS.team}学时：本工种安全操作规程、劳动防护用品使用）三级教育，共${LEVEL3_TOTAL}学时（建教〔1997〕83号），考核合格后方可上岗。`,
  ],
  ['班前安全讲话', 'preShift', 0.5, '当日作业内容、作业环境危险因素、防护措施与注意事项。'],
  ['高处作业专项安全教育', 'special', 2, '临边洞口防护、安全带正确系挂、脚手架上作业要求。'],
  ['施工临时用电专项安全教育', 'special', 2, 'TN-S 系统、三级配电两级保护、触电急救。'],
  ['消防安全与应急疏散', 'special', 2, '动火作业审批、灭火器使用、应急疏散演练。'],
];

/** Courses, trainings and attendees: most on-site workers passed 三级安全教育, some did not (they are flagged). */
function education(projectIndex: number) {
  const random = generator(4000 + projectIndex);
  const p = projectIndex + 1;
  const courses = COURSES.map(([title, courseType, hours, content], c) => ({
    id: `safety-course-${p}-${c + 1}`,
    title,
    courseType,
    hours,
    content,
    createdAt: day(-150),
  }));
  const onSite = workers(projectIndex).filter((worker) => worker.status === 'onSite');
  const plan: [course: number, title: string, daysAgo: number, trainer: string, place: string][] = [
    [1, '第一批新进场工人三级安全教育', 120, '张安全', '项目部会议室'],
    [1, '第二批新进场工人三级安全教育', 60, '张安全', '项目部会议室'],
    [1, '第三批新进场工人三级安全教育', 10, '刘安全', '工人夜校'],
    [3, '高处作业专项安全教育', 40, '刘安全', '工人夜校'],
    [4, '施工临时用电专项安全教育', 25, '王电工', '钢筋加工场'],
    [5, '消防安全与应急疏散演练', 15, '张安全', '生活区广场'],
    [2, '木工、钢筋班组班前安全讲话', 3, '赵班长', '3号楼下班前讲台'],
    [2, '架子工班组班前安全讲话', 1, '钱班长', '2号楼下班前讲台'],
  ];
  const trainings: Record<string, unknown>[] = [];
  const attendees: Record<string, unknown>[] = [];
  // About one in twelve on-site workers has no passed 三级安全教育: missed it or failed the test.
  const level3Batches = [0, 0, 0];
  plan.forEach(([course, title, daysAgo, trainer, place], s) => {
    const id = `safety-training-${p}-${s + 1}`;
    const courseType = COURSES[course - 1][1];
    let chosen: Record<string, unknown>[];
    if (courseType === 'level3') {
      const batch = s; // 0, 1, 2
      chosen = onSite.filter((_, index) => index % 3 === batch && index % 12 !== 5);
      level3Batches[batch] = chosen.length;
    } else chosen = onSite.filter(() => random.next() < 0.2);
    let passes = 0;
    chosen.forEach((worker, a) => {
      const fail = courseType === 'level3' ? random.next() < 0.03 : random.next() < 0.05;
      const score = fail ? random.int(40, 59) : random.int(65, 100);
      if (!fail) passes += 1;
      attendees.push({
        id: `safety-attendee-${p}-${s + 1}-${String(a + 1).padStart(3, '0')}`,
        trainingId: id,
        workerId: worker.id,
        score,
        passed: !fail,
        courseType,
        trainingDate: day(-daysAgo),
        createdAt: day(-daysAgo),
      });
    });
    trainings.push({
      id,
      title,
      courseId: `safety-course-${p}-${course}`,
      courseType,
      trainingDate: day(-daysAgo),
      trainer,
      place,
      attendeeCount: chosen.length,
      passCount: passes,
      createdAt: day(-daysAgo),
    });
  });
  return { courses, trainings, attendees };
}

export function demoData(): ModuleSeedFile[] {
  const seed = (collection: string, description: string, rows: (index: number) => Record<string, unknown>[]) => ({
    kind: 'module-seed' as const,
    description,
    collection,
    projects: Object.fromEntries(DEMO_PROJECTS.map((project, index) => [project, rows(index)])),
  });
  return [
    seed('safety-checklist-template', '演示检查模板（JGJ 59-2011）。', (i) => checklists(i).templates),
    seed('safety-checklist-item', '演示检查模板的检查项。', (i) => checklists(i).items),
    seed('safety-inspection', '演示安全检查（检查中、已完成各有）。', (i) => inspections(i).inspections),
    seed('safety-inspection-item', '演示检查表（不合格项已登记隐患）。', (i) => inspections(i).items),
    seed('safety-course', '演示安全教育课程。', (i) => education(i).courses),
    seed('safety-training', '演示安全教育培训。', (i) => education(i).trainings),
    seed(
      'safety-training-attendee',
      '演示参训人员与成绩（部分在场人员未通过三级安全教育）。',
      (i) => education(i).attendees,
    ),
    seed('safety-hazard', '演示安全隐患（待整改、待复查、已闭合各有）。', (i) => [
      ...hazards(i),
      ...inspections(i).hazards,
    ]),
  ];
}

/**
 * The module's demo approvals, driven through the approval engine after the portal's own (seedWorkflowDemo):
 * 危大工程专项方案审批 in each state, and 隐患整改延期申请 for hazards of the first demo project still waiting for
 * rectification.
 */
export function demoApprovals(): DemoApproval[] {
  const [first, second, third] = DEMO_PROJECTS;
  const scheme = (name: string, overScale: boolean) => ({
    schemeName: name,
    works: overScale ? '基坑工程' : '脚手架工程',
    overScale,
    planStart: '2026-12-20',
  });
  // The safety officer, then the company one after another when over the scale.
  const schemes: DemoApproval[] = [
    {
      process: 'dangerous-works-scheme',
      starter: 'user-manager',
      project: third,
      form: scheme('K12 深基坑支护专项方案', true),
      steps: [{ by: 'user-staff', do: 'approve', comment: '方案经专家论证' }],
    },
    {
      process: 'dangerous-works-scheme',
      starter: 'user-staff',
      project: first,
      form: scheme('3 号楼悬挑脚手架专项方案', false),
      steps: [
        { by: 'user-staff', do: 'approve' },
        { by: 'user-manager', do: 'approve' },
      ],
    },
    {
      process: 'dangerous-works-scheme',
      starter: 'user-admin',
      project: second,
      form: scheme('跨线桥高支模专项方案', true),
      steps: [
        { by: 'user-staff', do: 'approve' },
        { by: 'user-manager', do: 'approve' },
        { by: 'user-admin', do: 'reject', to: 'starter', comment: '立杆间距验算不足，请修改' },
      ],
    },
    {
      process: 'dangerous-works-scheme',
      starter: 'user-staff',
      project: first,
      form: scheme('塔吊拆除专项方案', false),
      steps: [{ by: 'user-staff', do: 'withdraw' }],
    },
  ];
  const open = [...hazards(0), ...inspections(0).hazards]
    .filter((hazard) => hazard.status === 'pending')
    .map((hazard) => String(hazard.id))
    .sort();
  if (open.length === 0) return schemes;
  const extension = (index: number, reason: string) => ({
    hazardId: open[index % open.length],
    newDeadline: '2026-12-31',
    reason,
  });
  return [
    ...schemes,
    {
      process: 'hazard-extension',
      starter: 'user-staff',
      project: first,
      form: extension(0, '防护材料到货延迟'),
      steps: [],
    },
    {
      process: 'hazard-extension',
      starter: 'user-staff',
      project: first,
      form: extension(1, '需等待混凝土养护期满'),
      steps: [
        { by: 'user-manager', do: 'approve' },
        { by: 'user-manager', do: 'transfer', user: 'user-admin', comment: '请公司安全部确认' },
        { by: 'user-admin', do: 'approve' },
      ],
    },
    {
      process: 'hazard-extension',
      starter: 'user-staff',
      project: first,
      form: extension(2, '人员不足'),
      steps: [{ by: 'user-manager', do: 'reject', to: 'starter', comment: '重大隐患不得延期，请立即整改' }],
    },
    {
      process: 'hazard-extension',
      starter: 'user-manager',
      project: first,
      form: extension(0, '雨季停工'),
      steps: [{ by: 'user-manager', do: 'withdraw' }],
    },
  ];
}
