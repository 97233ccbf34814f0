/**
 * The safety module's demo records, made at seeding (seed/module-demo.ts) from fixed seeds, so every seeding makes
 * the same ones: hazards in every state, JGJ 59-2011 checklist templates and inspections whose 不合格 rows raised
 * hazards, and safety education (courses, trainings, attendees drawn from the labour module's demo workers; some
 * on-site workers without a passed 三级安全教育). Dates are relative (`@day-30`), so the demo always looks current.
 */
import { type DemoApproval, relativeDay, seededRandom, type ModuleSeedFile } from '../../../src/server/module-api.js';
import { DEMO_PROJECTS, demoWorkers } from '../../labour/server/public.js';
import { LEVEL3_HOURS } from './education.js';
import { scoreInspection } from './jgj59.js';

const generator = seededRandom;
const day = relativeDay;
const workers = demoWorkers;

const HAZARDS: [category: string, level: string, description: string, location: string][] = [
  ['fall', 'general', '临边防护栏杆缺失', '3号楼12层东侧'],
  ['fall', 'general', '安全网破损未及时更换', '2号楼外脚手架'],
  ['object-strike', 'general', '楼层内材料堆放靠近临边', '5号楼8层'],
  ['electric', 'general', '配电箱门未关闭，无漏电保护器', '施工现场东侧二级配电箱'],
  ['electric', 'general', '电缆拖地，未架空敷设', '钢筋加工场'],
  ['lifting', 'major', '塔吊吊钩防脱装置失效', '1号塔吊'],
  ['lifting', 'general', '钢丝绳断丝超标', '2号塔吊'],
  ['collapse', 'major', '基坑边堆载超过设计要求', '地下室基坑北侧'],
  ['collapse', 'general', '高支模立杆间距不符合方案', '地下车库顶板'],
  ['machinery', 'general', '钢筋切断机防护罩缺失', '钢筋加工场'],
  ['fire', 'general', '动火作业未配备灭火器', '4号楼地下室'],
  ['vehicle', 'general', '施工车辆出入口无专人指挥，车辆倒车无人监护', '主大门'],
  ['poisoning', 'general', '污水井有限空间作业未检测气体、未设监护人', '场区西侧污水井'],
  ['fall', 'general', '电梯井口未设防护门', '6号楼各层电梯井'],
  ['object-strike', 'general', '作业人员未正确佩戴安全帽', '3号楼主体'],
];
const PEOPLE = ['user-staff', 'user-manager'];

/** The 2022 判定标准's situation of each 重大 demo hazard, by its description. */
const MAJOR_SITUATIONS: [match: string, situation: string][] = [
  ['塔吊', 'art8-5'],
  ['基坑', 'art5-4'],
  ['有限空间', 'art11-2'],
  ['污水井', 'art11-2'],
  ['高支模', 'art6-2'],
  ['模板支架', 'art6-2'],
];
const situationOf = (description: string): string =>
  MAJOR_SITUATIONS.find(([match]) => description.includes(match))?.[1] ?? 'art15';

/**
 * A 重大 hazard past its plan's signature (rectified or rechecked) carries the plan the project manager signed; one
 * whose rectification has not begun has none yet.
 */
function majorPlan(hazard: Record<string, unknown>): void {
  if (hazard.level !== 'major') return;
  hazard.majorSituation = situationOf(String(hazard.description));
  if (hazard.status === 'pending') return;
  hazard.rectifyPlan =
    '立即停止相关区域作业并设置警戒；按专项方案整改，落实整改资金与材料，由安全员旁站，整改完成后组织验收。';
  hazard.managerId = 'user-manager';
  hazard.planSignRemark = '同意按此方案整改';
  hazard.planSignedAt = hazard.createdAt;
}

/**
 * On each demo project one 重大 hazard waits for the project manager's signature on its plan, with work stopped
 * where it is; chosen among those already past 待整改, so the open hazards the demo approvals name stay as they are.
 */
function awaitingSignature(rows: Record<string, unknown>[]): void {
  const chosen = rows.find((row) => row.level === 'major' && row.status !== 'pending');
  if (!chosen) return;
  for (const key of ['rectifyRemark', 'rectifyPhotos', 'recheckRemark', 'planSignRemark', 'planSignedAt'])
    delete chosen[key];
  chosen.status = 'planReview';
  chosen.responsibleId = 'user-staff';
  chosen.managerId = 'user-manager';
  chosen.rectifyPlan =
    '1. 立即停止该部位作业，设置警戒区并派专人看守；2. 按专项方案制定整改措施，落实整改资金、材料和人员；3. 整改完成后会同监理单位验收，验收合格后恢复作业；4. 整改期间执行应急预案，责任人：李施工员，时限5日。';
  chosen.stopWork = true;
  chosen.stopWorkReason = `${String(chosen.location)}停止相关作业，待整改验收合格后恢复`;
}
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
    majorPlan(row);
    rows.push(row);
  }
  awaitingSignature(rows);
  return rows;
}

type ChecklistItem = [section: string, content: string, standard: string, category: string, score?: Scoring];
/** A row's 检查项目 of its JGJ 59-2011 评分表, 保证项目 (G) or 一般项目 (N), and its share of the item's 应得分值. */
type Scoring = [itemName: string, kind: 'G' | 'N', points: number];

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
  [
    '安全管理',
    '项目部建立以项目经理为第一责任人的安全生产责任制，并经责任人签字确认',
    clause('安全管理'),
    'other',
    ['安全生产责任制', 'G', 10],
  ],
  [
    '安全管理',
    '危险性较大的分部分项工程编制专项施工方案，并按规定审核、审批和论证',
    clause('安全管理'),
    'other',
    ['施工组织设计及专项施工方案', 'G', 10],
  ],
  [
    '安全管理',
    '施工前逐级进行安全技术交底，交底内容有针对性并履行签字手续',
    clause('安全管理'),
    'other',
    ['安全技术交底', 'G', 10],
  ],
  [
    '文明施工',
    '施工现场实行封闭管理，市区主要路段围挡高度不低于2.5m',
    clause('文明施工'),
    'other',
    ['现场围挡', 'G', 10],
  ],
  [
    '文明施工',
    '裸露场地和堆放的土方采取覆盖、固化或绿化等防尘措施',
    clause('文明施工'),
    'other',
    ['施工场地', 'G', 10],
  ],
  [
    '文明施工',
    '材料按总平面布局码放整齐并标明名称、规格，堆放高度符合规定',
    clause('文明施工'),
    'collapse',
    ['材料管理', 'G', 10],
  ],
  [
    '扣件式钢管脚手架',
    '立杆基础平整坚实，设置底座、垫板和纵横向扫地杆',
    clause('扣件式钢管脚手架'),
    'collapse',
    ['立杆基础', 'G', 10],
  ],
  [
    '扣件式钢管脚手架',
    '架体与建筑结构按规定拉结，连墙件设置符合方案',
    clause('扣件式钢管脚手架'),
    'collapse',
    ['架体与建筑结构拉结', 'G', 10],
  ],
  [
    '扣件式钢管脚手架',
    '作业层脚手板满铺、铺稳，外侧设置挡脚板和防护栏杆',
    clause('扣件式钢管脚手架'),
    'fall',
    ['脚手板与防护栏杆', 'G', 10],
  ],
  ['扣件式钢管脚手架', '架体外侧采用密目式安全网封闭，网间连接严密', clause('扣件式钢管脚手架'), 'object-strike'],
  ['基坑工程', '基坑周边设置防护栏杆，坑边堆载不超过设计要求', clause('基坑工程'), 'collapse', ['坑边荷载', 'G', 10]],
  // 基坑监测 is one of the table's 一般项目.
  [
    '基坑工程',
    '按方案进行基坑支护结构水平位移和周边沉降监测',
    clause('基坑工程', 4),
    'collapse',
    ['基坑监测', 'N', 10],
  ],
  ['基坑工程', '基坑内设置供人员上下的专用梯道', clause('基坑工程'), 'fall', ['安全防护', 'G', 10]],
  ['模板支架', '支架立杆间距、水平杆步距符合专项施工方案', clause('模板支架'), 'collapse', ['支架构造', 'G', 10]],
  ['模板支架', '支架按规定设置竖向和水平剪刀撑', clause('模板支架'), 'collapse', ['支架稳定', 'G', 10]],
  ['模板支架', '混凝土浇筑前对支架进行验收并形成记录', clause('模板支架'), 'collapse', ['交底与验收', 'G', 10]],
  ['高处作业', '作业人员正确佩戴安全帽，高处作业系挂安全带', clause('高处作业'), 'fall', ['安全帽', 'N', 10]],
  ['高处作业', '楼层临边、阳台边设置防护栏杆并挂设安全网', clause('高处作业'), 'fall', ['临边防护', 'N', 10]],
  [
    '高处作业',
    '电梯井口设置防护门，井内每隔两层且不大于10m设一道安全平网',
    clause('高处作业'),
    'fall',
    ['洞口防护', 'N', 5],
  ],
  ['高处作业', '预留洞口采取盖板或防护栏杆等有效防护措施', clause('高处作业'), 'fall', ['洞口防护', 'N', 5]],
  [
    '施工用电',
    '采用TN-S接零保护系统，专用保护零线设置符合规范',
    clause('施工用电'),
    'electric',
    ['接地与接零保护系统', 'G', 20],
  ],
  [
    '施工用电',
    '配电箱实行“一机、一闸、一漏、一箱”，箱门加锁',
    clause('施工用电'),
    'electric',
    ['配电箱与开关箱', 'G', 20],
  ],
  ['施工用电', '电缆线路架空或埋地敷设，无老化破损、无拖地', clause('施工用电'), 'electric', ['配电线路', 'G', 10]],
  ['物料提升机与施工升降机', '安全装置（防坠安全器、限位开关）齐全有效', clause('物料提升机与施工升降机'), 'lifting'],
  ['物料提升机与施工升降机', '各层停层平台设置常闭平台门，平台搭设牢固', clause('物料提升机与施工升降机'), 'fall'],
  ['塔式起重机', '力矩限制器、起重量限制器灵敏可靠', clause('塔式起重机'), 'lifting'],
  ['塔式起重机', '吊钩设置钢丝绳防脱钩装置，钢丝绳磨损、断丝未超标', clause('塔式起重机'), 'lifting'],
  ['塔式起重机', '多塔作业编制防碰撞专项方案，任意两台塔吊间距符合规范', clause('塔式起重机'), 'lifting'],
  ['施工机具', '钢筋加工机械传动部位设置防护罩，设备接零并装设漏电保护器', clause('施工机具'), 'machinery'],
  ['施工机具', '电焊机设置二次空载降压保护器，一次线长度不超过5m', clause('施工机具'), 'electric'],
  ['施工机具', '气瓶分开存放，乙炔瓶与氧气瓶间距不小于5m，配备灭火器', clause('施工机具'), 'fire'],
];

/**
 * The other 检查项目 of the tables the comprehensive 评分表 scores whole (JGJ 59-2011 附录 B: 表 B.1 安全管理, B.2 文明施工,
 * B.3 扣件式钢管脚手架, B.11 基坑工程, B.12 模板支架, B.13 高处作业, B.14 施工用电), so each table has its 100 points and
 * the 保证项目 rule reads a whole 保证项目 小计. 塔式起重机, 物料提升机与施工升降机 and 施工机具 are judged without points.
 */
const FULL_TABLES: ChecklistItem[] = [
  ['安全管理', '定期开展安全检查，隐患定人、定时间、定措施整改', clause('安全管理'), 'other', ['安全检查', 'G', 10]],
  ['安全管理', '新进场工人三级安全教育、变换工种教育和经常性教育', clause('安全管理'), 'other', ['安全教育', 'G', 10]],
  ['安全管理', '编制应急救援预案，建立应急救援组织并定期演练', clause('安全管理'), 'other', ['应急救援', 'G', 10]],
  [
    '安全管理',
    '总包与分包单位签订安全生产协议，分包单位配备安全员',
    clause('安全管理', 4),
    'other',
    ['分包单位安全管理', 'N', 10],
  ],
  ['安全管理', '管理人员和特种作业人员持证上岗', clause('安全管理', 4), 'other', ['持证上岗', 'N', 10]],
  [
    '安全管理',
    '生产安全事故按规定报告、调查处理并建立档案',
    clause('安全管理', 4),
    'other',
    ['生产安全事故处理', 'N', 10],
  ],
  ['安全管理', '主要施工区域、危险部位设置安全警示标志', clause('安全管理', 4), 'other', ['安全标志', 'N', 10]],
  ['文明施工', '大门设门卫值守，进出人员登记，作业人员佩戴工作卡', clause('文明施工'), 'other', ['封闭管理', 'G', 10]],
  [
    '文明施工',
    '施工作业区与办公、生活区分开设置，宿舍不住在在建工程内',
    clause('文明施工'),
    'other',
    ['现场办公与住宿', 'G', 10],
  ],
  ['文明施工', '建立消防责任制，配备灭火器材，动火作业办理审批', clause('文明施工'), 'fire', ['现场防火', 'G', 10]],
  ['文明施工', '生活区设置学习娱乐场所，建立治安保卫制度', clause('文明施工', 4), 'other', ['综合治理', 'N', 10]],
  ['文明施工', '大门口设置公示标牌，内容齐全、规格统一', clause('文明施工', 4), 'other', ['公示标牌', 'N', 10]],
  ['文明施工', '厕所、食堂、淋浴间符合卫生要求，有保洁人员', clause('文明施工', 4), 'other', ['生活设施', 'N', 10]],
  ['文明施工', '夜间施工办理许可，采取防粉尘、防噪声措施', clause('文明施工', 4), 'other', ['社区服务', 'N', 10]],
  [
    '扣件式钢管脚手架',
    '架体搭设编制专项施工方案，按规定审核、审批',
    clause('扣件式钢管脚手架'),
    'collapse',
    ['施工方案', 'G', 10],
  ],
  [
    '扣件式钢管脚手架',
    '立杆、水平杆间距符合方案，按规定设置剪刀撑',
    clause('扣件式钢管脚手架'),
    'collapse',
    ['杆件间距与剪刀撑', 'G', 10],
  ],
  [
    '扣件式钢管脚手架',
    '搭设前安全技术交底，分段搭设后验收并有记录',
    clause('扣件式钢管脚手架'),
    'collapse',
    ['交底与验收', 'G', 10],
  ],
  [
    '扣件式钢管脚手架',
    '主节点处设置横向水平杆，作业层按规定加设',
    clause('扣件式钢管脚手架', 4),
    'collapse',
    ['横向水平杆设置', 'N', 10],
  ],
  [
    '扣件式钢管脚手架',
    '纵向水平杆搭接长度和扣件紧固力矩符合规范',
    clause('扣件式钢管脚手架', 4),
    'collapse',
    ['杆件连接', 'N', 10],
  ],
  [
    '扣件式钢管脚手架',
    '作业层脚手板下采用安全平网兜底，每隔10m设一道',
    clause('扣件式钢管脚手架', 4),
    'object-strike',
    ['层间防护', 'N', 10],
  ],
  [
    '扣件式钢管脚手架',
    '钢管、扣件规格和质量符合规范，无严重锈蚀、变形',
    clause('扣件式钢管脚手架', 4),
    'collapse',
    ['构配件材质', 'N', 5],
  ],
  [
    '扣件式钢管脚手架',
    '架体设置人员上下专用通道，通道设置符合要求',
    clause('扣件式钢管脚手架', 4),
    'fall',
    ['通道', 'N', 5],
  ],
  ['基坑工程', '基坑工程编制专项施工方案，超规模的经专家论证', clause('基坑工程'), 'collapse', ['施工方案', 'G', 10]],
  ['基坑工程', '支护结构符合设计要求，水平位移在设计允许范围内', clause('基坑工程'), 'collapse', ['基坑支护', 'G', 10]],
  ['基坑工程', '设置有效的降排水系统，坑边地面设置排水沟', clause('基坑工程'), 'collapse', ['降排水', 'G', 10]],
  ['基坑工程', '按设计要求分层、分段、均衡开挖，未超挖', clause('基坑工程'), 'collapse', ['基坑开挖', 'G', 10]],
  ['基坑工程', '支撑拆除按方案进行，拆除前设置换撑', clause('基坑工程', 4), 'collapse', ['支撑拆除', 'N', 10]],
  [
    '基坑工程',
    '基坑内作业人员有安全立足点，垂直作业上下有隔离防护',
    clause('基坑工程', 4),
    'object-strike',
    ['作业环境', 'N', 10],
  ],
  ['基坑工程', '编制基坑工程应急预案，配备应急材料和设备', clause('基坑工程', 4), 'collapse', ['应急预案', 'N', 10]],
  ['模板支架', '模板支架编制专项施工方案，超规模的经专家论证', clause('模板支架'), 'collapse', ['施工方案', 'G', 10]],
  [
    '模板支架',
    '支架基础坚实平整，承载力符合方案要求，有排水措施',
    clause('模板支架'),
    'collapse',
    ['支架基础', 'G', 10],
  ],
  ['模板支架', '施工均布荷载和集中荷载不超过设计值', clause('模板支架'), 'collapse', ['施工荷载', 'G', 10]],
  ['模板支架', '立杆连接和水平杆连接方式、搭接长度符合规范', clause('模板支架', 4), 'collapse', ['杆件连接', 'N', 10]],
  ['模板支架', '可调托撑螺杆伸出长度和底座设置符合规范', clause('模板支架', 4), 'collapse', ['底座与托撑', 'N', 10]],
  ['模板支架', '钢管、构配件规格和质量符合规范', clause('模板支架', 4), 'collapse', ['构配件材质', 'N', 10]],
  [
    '模板支架',
    '支架拆除前确认混凝土强度达到规定值，设置警戒区',
    clause('模板支架', 4),
    'collapse',
    ['支架拆除', 'N', 10],
  ],
  ['高处作业', '在建工程外脚手架架体外侧采用密目式安全网封闭', clause('高处作业'), 'fall', ['安全网', 'N', 10]],
  ['高处作业', '高处作业人员按规定系挂安全带，安全带质量合格', clause('高处作业'), 'fall', ['安全带', 'N', 10]],
  [
    '高处作业',
    '通道口搭设防护棚，防护棚宽度、长度和材质符合规范',
    clause('高处作业'),
    'object-strike',
    ['通道口防护', 'N', 10],
  ],
  ['高处作业', '移动式梯子、固定式直梯符合规范要求', clause('高处作业'), 'fall', ['攀登作业', 'N', 10]],
  ['高处作业', '悬空作业处设置防护栏杆或其他可靠安全设施', clause('高处作业'), 'fall', ['悬空作业', 'N', 10]],
  ['高处作业', '移动式操作平台按规定设计，轮子与平台连接牢固', clause('高处作业'), 'fall', ['移动式操作平台', 'N', 10]],
  [
    '高处作业',
    '悬挑式物料钢平台编制专项方案，设置限载标牌',
    clause('高处作业'),
    'object-strike',
    ['悬挑式物料钢平台', 'N', 10],
  ],
  [
    '施工用电',
    '外电线路与在建工程、脚手架的安全距离或防护措施符合规范',
    clause('施工用电'),
    'electric',
    ['外电防护', 'G', 10],
  ],
  [
    '施工用电',
    '配电室和配电装置设置符合规范，配备灭火器材',
    clause('施工用电', 4),
    'electric',
    ['配电室与配电装置', 'N', 15],
  ],
  ['施工用电', '照明专用回路，特殊场所使用安全电压', clause('施工用电', 4), 'electric', ['现场照明', 'N', 15]],
  [
    '施工用电',
    '编制临时用电组织设计，建立用电档案和巡检记录',
    clause('施工用电', 4),
    'electric',
    ['用电档案', 'N', 10],
  ],
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

/** 高处作业 items the demo sites have nothing for (不涉及): scored out of the table as the standard converts. */
const NOT_APPLICABLE = ['移动式操作平台', '悬挑式物料钢平台'];

/**
 * Scored inspections that show each grade: most sites are 优良; the 10月 check of the first project finds more and
 * grades 合格, and the 9月 check of the third loses a whole 保证项目 (its table scores 0: 不合格).
 */
const SHOWCASES: Record<string, { failRate?: number; heavy?: number; zeroGuarantee?: boolean }> = {
  '1-4': { failRate: 0.55, heavy: 3 },
  '3-1': { failRate: 0.2, zeroGuarantee: true },
};

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
  // The comprehensive 评分表 (the first) scores its tables whole; the others are judged 合格/不合格 only.
  const items = TEMPLATES.flatMap((template, t) => {
    const scored = t === 0;
    const rows = scored
      ? [...JGJ59, ...FULL_TABLES].sort(
          (a, b) =>
            template.sections.indexOf(a[0]) - template.sections.indexOf(b[0]) ||
            (a[4]?.[1] === 'G' ? 0 : 1) - (b[4]?.[1] === 'G' ? 0 : 1),
        )
      : JGJ59;
    return rows
      .filter(([section]) => template.sections.includes(section))
      .map(([section, content, standard, category, score], n) => ({
        id: `checklist-item-${p}-${t + 1}-${String(n + 1).padStart(2, '0')}`,
        templateId: `checklist-template-${p}-${t + 1}`,
        section,
        content,
        standard,
        category,
        ...(scored && score
          ? { itemName: score[0], itemKind: score[1] === 'G' ? 'guarantee' : 'general', points: score[2] }
          : {}),
        sort: n + 1,
        createdAt: day(-90),
      }));
  });
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
    const showcase = SHOWCASES[`${p}-${k + 1}`];
    let zeroed = 0;
    own.forEach((item, n) => {
      // A finished inspection has every row judged; one under way about half of them.
      const judged = done || n < own.length / 2;
      const fail = judged && random.next() < (showcase?.failRate ?? 0.12);
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
      const points = typeof item.points === 'number' ? item.points : null;
      if (points !== null) Object.assign(row, { itemName: item.itemName, itemKind: item.itemKind, points });
      // The site has no mobile or cantilevered platform: those 高处作业 items do not apply (不涉及).
      const na = points !== null && NOT_APPLICABLE.includes(String(item.itemName));
      if (judged) row.result = na ? 'na' : fail ? 'fail' : 'pass';
      if (judged && points !== null && !na)
        // A deduction of 2 to 5 points, never more than the item has (deterministic: no draw of the generator).
        row.deduction = fail
          ? showcase?.zeroGuarantee && item.itemKind === 'guarantee' && !zeroed++
            ? points
            : Math.min(points, (2 + (n % 4)) * (item.itemKind === 'general' ? (showcase?.heavy ?? 1) : 1))
          : null;
      if (fail && !na) {
        fails += 1;
        row.level = random.pick(['general', 'general', 'general', 'major']);
        // Every other 不合格 item names its own responsible person and deadline; the rest take the inspection's.
        if (done && fails % 2 === 0) {
          row.responsibleId = 'user-manager';
          row.deadline = day(-daysAgo + 3);
        }
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
            responsibleId: row.responsibleId ?? responsible,
            reviewerId: inspector,
            deadline: row.deadline ?? day(-daysAgo + 7),
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
          majorPlan(hazard);
          hazards.push(hazard);
        }
      }
      if (typeof row.points === 'number' && (row.result === 'pass' || row.result === 'fail'))
        row.score = Math.max(0, row.points - Number(row.deduction ?? 0));
      items.push(row);
    });
    // Scored as the server scores (jgj59.ts): the rows with points, as judged.
    const scoredRows = items.filter((row) => row.inspectionId === id && typeof row.points === 'number');
    const score = scoreInspection(
      scoredRows.map((row) => ({
        table: String(row.section),
        kind: row.itemKind === 'guarantee' ? 'guarantee' : 'general',
        points: Number(row.points),
        result: row.result === 'pass' || row.result === 'fail' || row.result === 'na' ? row.result : null,
        deduction: Number(row.deduction ?? 0),
      })),
    );
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
      ...(scoredRows.length > 0 ? { totalScore: score.total, grade: score.grade } : {}),
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
export { LEVEL3_HOURS };
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
      // 班前讲话 keeps who attended, with no score or pass (the draws still made, so the other records stay).
      const result = courseType === 'preShift' ? {} : { score, passed: !fail };
      attendees.push({
        id: `safety-attendee-${p}-${s + 1}-${String(a + 1).padStart(3, '0')}`,
        trainingId: id,
        workerId: worker.id,
        ...result,
        courseType,
        ...(s === 2 ? { educationLevel: 'company' } : {}),
        trainingDate: day(-daysAgo),
        createdAt: day(-daysAgo),
      });
      // The latest batch is recorded by level: 公司级 (this session), then 项目级 and 班组级 on the next two days.
      if (s === 2)
        (['project', 'team'] as const).forEach((level, l) =>
          attendees.push({
            id: `safety-attendee-${p}-${s + 1}${level === 'project' ? 'b' : 'c'}-${String(a + 1).padStart(3, '0')}`,
            trainingId: `${id}${level === 'project' ? 'b' : 'c'}`,
            workerId: worker.id,
            ...result,
            courseType,
            educationLevel: level,
            trainingDate: day(-daysAgo + l + 1),
            createdAt: day(-daysAgo + l + 1),
          }),
        );
    });
    const levels: [suffix: string, level: keyof typeof LEVEL3_HOURS, name: string, trainer: string][] =
      s === 2
        ? [
            ['', 'company', '公司级', trainer],
            ['b', 'project', '项目级', '王项目安全总监'],
            ['c', 'team', '班组级', '赵班长'],
          ]
        : [];
    const base = {
      courseId: `safety-course-${p}-${course}`,
      courseType,
      place,
      attendeeCount: chosen.length,
      passCount: courseType === 'preShift' ? 0 : passes,
    };
    if (levels.length === 0)
      trainings.push({
        id,
        title,
        ...base,
        hours: COURSES[course - 1][2],
        trainingDate: day(-daysAgo),
        trainer,
        createdAt: day(-daysAgo),
      });
    levels.forEach(([suffix, level, name, by], l) =>
      trainings.push({
        id: `${id}${suffix}`,
        title: `${title}（${name}）`,
        ...base,
        educationLevel: level,
        hours: LEVEL3_HOURS[level],
        trainingDate: day(-daysAgo + l),
        trainer: by,
        createdAt: day(-daysAgo + l),
      }),
    );
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
  // 住建部令第37号: the contractor's chief engineer (张经理 in the demo), the chief supervisor (the administrator), and
  // for works over the scale the expert review, recorded by the contractor and confirmed by the supervisor.
  const schemes: DemoApproval[] = [
    {
      process: 'dangerous-works-scheme',
      starter: 'user-staff',
      project: third,
      form: scheme('K12 深基坑支护专项方案', true),
      steps: [{ by: 'user-manager', do: 'approve', comment: '同意报总监审查' }],
    },
    {
      process: 'dangerous-works-scheme',
      starter: 'user-staff',
      project: first,
      form: scheme('3 号楼悬挑脚手架专项方案', false),
      steps: [
        { by: 'user-manager', do: 'approve' },
        { by: 'user-admin', do: 'approve', comment: '同意实施' },
      ],
    },
    {
      process: 'dangerous-works-scheme',
      starter: 'user-staff',
      project: second,
      form: scheme('跨线桥高支模专项方案', true),
      steps: [
        { by: 'user-manager', do: 'approve' },
        { by: 'user-admin', do: 'approve' },
        { by: 'user-manager', do: 'approve', comment: '专家论证结论：修改后通过' },
        { by: 'user-admin', do: 'reject', to: 'starter', comment: '论证报告要求补充立杆间距验算，请修改后重新报审' },
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
