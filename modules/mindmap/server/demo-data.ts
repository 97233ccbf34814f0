/**
 * The mind-map module's demo maps, made at seeding (seed/module-demo.ts): three per demo project, 施工组织设计要点,
 * 安全管理体系 and 质量控制要点, each written for the kind of works the project is (a residential building, an urban
 * expressway, a coastal highway). A fixed seed decides which branches start folded and who saved each map last, and
 * node ids are derived from the map, so every seeding makes the same maps, and seeding again adds nothing.
 */
import { seededRandom, type ModuleSeedFile } from '../../../src/server/module-api.js';
import { cleanContent, type MapNode } from './map-content.js';

/** A branch as written here: its text, and its children. */
type Branch = string | [string, Branch[]];

interface DemoMap {
  key: string;
  title: string;
  description: string;
  branches: Branch[];
}

const ORGANISATION_BUILDING: Branch[] = [
  [
    '工程概况',
    ['建筑面积 8.6 万㎡，框架-剪力墙结构', '地下 2 层，地上 18~26 层', '合同工期 720 日历天', '质量目标：省级优质工程'],
  ],
  [
    '施工部署',
    [
      '项目组织机构与岗位职责',
      '施工段划分：按后浇带分 4 个流水段',
      '先地下后地上、先结构后装修',
      '塔吊 4 台覆盖全部作业面',
    ],
  ],
  [
    '主要施工方法',
    [
      ['基础工程', ['旋挖灌注桩', '筏板大体积混凝土分层浇筑', '地下室外墙防水']],
      ['主体结构', ['铝合金模板体系', '钢筋直螺纹连接', '标准层 6 天一层']],
      ['装饰装修', ['样板先行', '外墙保温与真石漆', '精装修穿插施工']],
    ],
  ],
  [
    '进度计划',
    ['基础完成：开工后 120 天', '主体封顶：开工后 360 天', '竣工验收：开工后 700 天', '关键线路：桩基—地下室—主体结构'],
  ],
  ['资源配置', ['劳动力高峰 620 人', '施工电梯 8 台', '材料进场按周计划']],
  ['现场平面布置', ['大门与洗车台', '钢筋加工场与材料堆场', '临水临电（三级配电两级保护）', '办公区与生活区分离']],
  ['专项方案清单', ['深基坑支护与降水', '高大模板支撑', '塔吊安装与拆除', '附着式升降脚手架']],
  ['绿色施工', ['扬尘：喷淋与雾炮', '噪声：夜间不施工', '建筑垃圾分类与减量']],
];

const ORGANISATION_EXPRESSWAY: Branch[] = [
  ['工程概况', ['主线高架 3.2 km，地面辅道 6 车道', '跨越既有路口 5 处', '合同工期 540 日历天']],
  [
    '交通组织',
    [
      ['分阶段导改', ['一期：占用中央分隔带', '二期：两侧辅道施工', '三期：恢复交通']],
      '临时标志标线与警示灯',
      '导改方案报交警部门审批',
    ],
  ],
  ['管线迁改', ['给水、燃气、电力、通信管线摸排', '迁改与主线施工穿插', '保护性开挖']],
  [
    '主要施工方法',
    [
      ['下部结构', ['钻孔灌注桩', '承台与墩柱', '盖梁支架']],
      ['上部结构', ['预制小箱梁', '架桥机架设', '湿接缝与桥面铺装']],
      ['道路工程', ['旧路铣刨', '水稳基层', '沥青面层摊铺']],
    ],
  ],
  ['进度计划', ['桩基完成：开工后 150 天', '架梁完成：开工后 360 天', '通车：开工后 520 天']],
  ['夜间施工管理', ['夜间施工许可', '降噪措施', '照明与警示']],
  ['专项方案清单', ['架桥机架梁', '高支模', '临近既有线施工']],
];

const ORGANISATION_HIGHWAY: Branch[] = [
  ['工程概况', ['主线 18.4 km，双向四车道', '大桥 2 座、中桥 3 座', '合同工期 900 日历天']],
  ['路基工程', [['软基处理', ['塑料排水板', '堆载预压与沉降观测']], '填方分层压实（压实度≥96%）', '边坡防护与排水']],
  [
    '桥梁工程',
    [
      ['下部结构', ['钻孔灌注桩（Φ1.5~1.8 m）', '系梁与墩柱', '桩基低应变与静载检测']],
      ['上部结构', ['T 梁预制', '预应力张拉与压浆', '架桥机架设']],
    ],
  ],
  ['路面工程', ['级配碎石底基层', '水泥稳定碎石基层', '沥青混凝土面层']],
  ['临时工程', ['便道便桥', '预制梁场', '拌和站']],
  ['进度计划', ['路基成型：开工后 420 天', '桥梁贯通：开工后 600 天', '路面完成：开工后 860 天']],
  ['海洋环境应对', ['台风季停工与加固预案', '混凝土抗氯离子侵蚀', '潮汐作业窗口']],
];

const SAFETY: (hazards: Branch[]) => Branch[] = (hazards) => [
  ['安全生产责任制', ['项目经理第一责任人', '专职安全员按规定配备', '全员安全生产责任清单', '分包单位安全协议']],
  ['安全教育培训', ['三级安全教育（公司、项目、班组）', '班前安全活动', '特种作业人员持证上岗', '安全技术交底到人']],
  ['危大工程管理', ['专项施工方案编制、审核与论证', '方案交底与验收', '施工过程监测', '危大工程公示牌']],
  ['隐患排查治理', ['日常巡查', '周检与月检', '隐患整改闭环（定人、定时、定措施）', '复查销项']],
  ['重大危险源', hazards],
  ['应急管理', ['综合应急预案与现场处置方案', '应急物资与器材', '每季度应急演练']],
  ['安全投入', ['安全文明施工费专款专用', '劳动防护用品发放台账']],
];

const QUALITY_BUILDING: Branch[] = [
  ['质量管理体系', ['质量目标分解到分部分项', '三检制（自检、互检、交接检）', '样板引路', '质量例会']],
  ['材料进场验收', ['钢筋见证取样复试', '商品混凝土配合比与坍落度', '防水卷材复检']],
  ['钢筋工程', ['规格、间距与锚固长度', '保护层厚度', '直螺纹接头抽检']],
  ['模板工程', ['轴线与标高复核', '垂直度与平整度', '拆模强度']],
  ['混凝土工程', ['分层浇筑与振捣', '施工缝与后浇带', '养护不少于 7 天', '标养与同条件试块']],
  ['防水工程', ['地下室底板与侧墙', '屋面', '卫生间闭水试验 24 小时']],
  ['质量通病防治', ['墙体裂缝', '外窗渗漏', '抹灰空鼓']],
  ['验收', ['检验批', '分项与分部工程', '竣工验收']],
];

const QUALITY_ROAD: Branch[] = [
  ['质量管理体系', ['首件工程认可制', '工序交接检查', '试验检测中心']],
  ['原材料', ['钢材、水泥、外加剂检验', '集料级配与含泥量', '沥青三大指标']],
  ['桩基与下部结构', ['孔深、孔径与垂直度', '沉渣厚度', '混凝土灌注连续性', '低应变完整性检测']],
  ['预制梁', ['台座与模板', '预应力张拉控制（应力与伸长量双控）', '孔道压浆饱满度']],
  ['路基路面', ['压实度', '弯沉', '平整度', '厚度与宽度']],
  ['交工验收', ['分项工程评定', '外观鉴定', '质量保证资料']],
];

function demoMaps(type: 'building' | 'expressway' | 'highway'): DemoMap[] {
  const organisation = {
    building: ORGANISATION_BUILDING,
    expressway: ORGANISATION_EXPRESSWAY,
    highway: ORGANISATION_HIGHWAY,
  };
  const hazards: Record<typeof type, Branch[]> = {
    building: ['高处坠落', '物体打击', '起重伤害（塔吊）', '基坑坍塌', '触电', '火灾'],
    expressway: ['交通事故（导改路段）', '起重伤害（架桥机）', '高处坠落', '管线破坏', '触电'],
    highway: ['起重伤害（架桥机）', '高处坠落', '淹溺（水上作业）', '台风', '机械伤害'],
  };
  return [
    {
      key: 'organisation',
      title: '施工组织设计要点',
      description: '施工部署、主要施工方法、进度与资源、现场布置和专项方案的提纲',
      branches: organisation[type],
    },
    {
      key: 'safety',
      title: '安全管理体系',
      description: '责任制、教育培训、危大工程、隐患排查、危险源与应急',
      branches: SAFETY(hazards[type]),
    },
    {
      key: 'quality',
      title: '质量控制要点',
      description: '材料、工序与验收的质量控制点',
      branches: type === 'building' ? QUALITY_BUILDING : QUALITY_ROAD,
    },
  ];
}

const PROJECTS = [
  { id: 'project-binjiang', type: 'building', seed: 2026_0501 },
  { id: 'project-expressway', type: 'expressway', seed: 2026_0502 },
  { id: 'project-highway', type: 'highway', seed: 2026_0503 },
] as const;

/** Who the demo maps say created and last saved them. */
const AUTHORS = [
  { id: 'user-manager', name: '张经理' },
  { id: 'user-staff', name: '李施工员' },
] as const;

function tree(map: DemoMap, random: ReturnType<typeof seededRandom>): MapNode {
  let count = 0;
  const node = (branch: Branch, depth: number): MapNode => {
    count += 1;
    const [topic, children] = typeof branch === 'string' ? [branch, []] : branch;
    const made: MapNode = { id: `${map.key}-${count}`, topic };
    if (children.length > 0) {
      made.children = children.map((child) => node(child, depth + 1));
      // Some second-level branches start folded, as a planner leaves a finished part.
      if (depth === 2 && random.next() < 0.35) made.expanded = false;
    }
    return made;
  };
  const root: MapNode = { id: `${map.key}-root`, topic: map.title, children: [] };
  root.children = map.branches.map((branch) => node(branch, 1));
  return root;
}

export function demoData(): ModuleSeedFile[] {
  const projects: Record<string, Record<string, unknown>[]> = {};
  for (const project of PROJECTS) {
    const random = seededRandom(project.seed);
    projects[project.id] = demoMaps(project.type).map((map) => {
      const { content, nodeCount } = cleanContent({ nodeData: tree(map, random), direction: 2 });
      const author = random.pick(AUTHORS);
      return {
        id: `mindmap-${project.id}-${map.key}`,
        createdBy: author.id,
        title: map.title,
        description: map.description,
        content: JSON.stringify(content),
        nodeCount,
        revision: 1,
        savedByName: author.name,
      };
    });
  }
  return [{ kind: 'module-seed', collection: 'mind-map', projects }];
}
