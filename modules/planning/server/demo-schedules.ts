/**
 * The demo projects' schedules as planners would write them (about 300 tasks each, durations in working days):
 * - 滨江花园住宅工程 (a housing estate: four towers over a shared basement): preparation, piles and the foundation
 *   by zone, each tower's structure floor by floor up to its topping out, infill walls behind the structure, MEP
 *   and finishes by tower and floor group, external works, and the acceptances (分户、消防、节能、规划、竣工);
 * - 城市快速路改造工程 (an urban expressway rebuilt under traffic): traffic diversion and utility moves, the
 *   viaduct pier by pier and span by span, the ground road and its drainage by section, lighting, signs, planting;
 * - 沿海高速公路工程 (a highway): camps and yards, the subgrade and culverts by section, three bridges pier by pier
 *   (the pile module's K12+350 大桥, K13+020 中桥, K15+600 互通匝道桥) with precast girders, a tunnel face by face,
 *   the pavement by layer and section, safety works, electromechanical systems and the handover.
 * Relations are the ones these works have: FS mostly, SS with lags where a trade follows the one before it floor by
 * floor, FF where two works finish together.
 */
import { ff, fs, PlanWriter, ss, type Ref } from './demo-plan.js';

const STAFF = 'user-staff';
/** A group of floors as written on a schedule: `1-5F`, or `26F` alone. */
const floorsLabel = (first: number, last: number) => (first === last ? `${first}F` : `${first}-${last}F`);
const MANAGER = 'user-manager';

export function housingSchedule(): PlanWriter {
  const p = new PlanWriter('plan-binjiang');
  const towers: { name: string; floors: number; zone: string }[] = [
    { name: '1号楼', floors: 18, zone: '一区' },
    { name: '2号楼', floors: 18, zone: '一区' },
    { name: '3号楼', floors: 11, zone: '二区' },
    { name: '5号楼', floors: 26, zone: '三区' },
  ];
  let ready: Ref = '';
  p.group('施工准备', () => {
    const start = p.milestone('项目开工');
    const drawings = p.task('图纸会审及设计交底', 7, start, { responsibleId: MANAGER });
    const scheme = p.task('施工组织设计及专项方案编审', 15, ss(drawings, 2), { responsibleId: MANAGER });
    const power = p.task('临水临电接入', 10, start);
    const camp = p.task('临时设施搭设（办公区、生活区）', 20, start);
    const road = p.task('场地硬化及临时道路', 12, ss(camp, 5));
    const survey = p.task('测量控制网建立及复测', 5, start, { responsibleId: STAFF });
    const crane = p.task('塔吊基础施工及塔吊安装', 18, [road, scheme]);
    ready = p.milestone('施工准备完成', [crane, power, survey]);
  });

  const basementOf = new Map<string, Ref>();
  let foundationDone: Ref = '';
  p.group('地基与基础工程', () => {
    let pilesDone: Ref = '';
    p.group('桩基工程', () => {
      const zones = ['5号楼', '地下车库', '1号楼', '2号楼', '3号楼'];
      const days = [32, 28, 24, 24, 18];
      let rigA: Ref = ready;
      let rigB: Ref = ready;
      const piles = zones.map((zone, index) => {
        const id = p.task(`${zone}工程桩施工（钻孔灌注桩）`, days[index], index % 2 === 0 ? rigA : rigB, {
          responsibleId: STAFF,
        });
        if (index % 2 === 0) rigA = id;
        else rigB = id;
        return id;
      });
      const tests = p.task(
        '桩基检测（低应变、静载试验）',
        12,
        piles.map((id) => fs(id, 14)),
      );
      pilesDone = p.milestone('桩基子分部验收', tests);
    });
    let pitReady: Ref = '';
    p.group('基坑支护与降水', () => {
      const wall = p.task('支护桩及三轴搅拌桩止水帷幕', 30, ss(pilesDone, -40));
      const wells = p.task('降水井施工及降水运行', 10, ss(wall, 10));
      const beam = p.task('冠梁及第一道钢筋混凝土内支撑', 15, [wall, fs(pilesDone)]);
      pitReady = p.task('基坑监测点布设及初始值测量', 3, [beam, wells]);
    });
    const digs: Ref[] = [];
    p.group('土方开挖', () => {
      let previous: Ref = pitReady;
      for (const [zone, days] of [
        ['三区（5号楼）', 18],
        ['一区（1号楼、2号楼）', 22],
        ['二区（3号楼、车库）', 16],
      ] as const) {
        previous = p.task(`${zone}土方开挖及垫层`, days, previous);
        digs.push(previous);
      }
    });
    p.group('地下室结构', () => {
      const plan: [string, Ref][] = [
        ['5号楼', digs[0]],
        ['1号楼', digs[1]],
        ['2号楼', digs[1]],
        ['地下车库', digs[2]],
        ['3号楼', digs[2]],
      ];
      for (const [zone, dig] of plan) {
        p.group(`${zone}地下室`, () => {
          const waterproof = p.task(`${zone}底板防水及保护层`, 6, dig);
          const raft = p.task(`${zone}筏板钢筋及混凝土浇筑`, zone === '5号楼' ? 14 : 10, waterproof, {
            responsibleId: STAFF,
          });
          const walls = p.task(`${zone}负二层墙柱及顶板`, 12, raft);
          const roof = p.task(`${zone}负一层墙柱及顶板`, 12, walls);
          basementOf.set(zone, roof);
        });
      }
    });
    const outer = p.task(
      '地下室外墙防水及保护墙',
      15,
      [...basementOf.values()].map((id) => fs(id, 5)),
    );
    const backfill = p.task('肥槽回填及分层夯实', 10, outer);
    foundationDone = p.milestone('地基与基础分部验收', backfill);
  });

  const caps = new Map<string, Ref>();
  const floorsOf = new Map<string, Ref[]>();
  p.group('主体结构工程', () => {
    for (const tower of towers) {
      p.group(`${tower.name}主体结构`, () => {
        const floors: Ref[] = [];
        let previous: Ref = basementOf.get(tower.name)!;
        for (let floor = 1; floor <= tower.floors; floor += 1) {
          const days = floor <= 2 ? 10 : floor === 3 ? 8 : 7;
          previous = p.task(
            `${tower.name} ${floor}F 结构施工`,
            days,
            previous,
            floor === 1 ? { responsibleId: STAFF } : {},
          );
          floors.push(previous);
          if (floor === 3) p.task(`${tower.name} 附着式升降脚手架安装`, 8, ss(previous, 2));
          if (floor === 7) p.task(`${tower.name} 施工升降机安装及验收`, 6, ss(previous, 0));
        }
        const roof = p.task(`${tower.name} 屋面层及机房层结构`, 8, previous);
        caps.set(tower.name, p.milestone(`${tower.name}结构封顶`, roof));
        floorsOf.set(tower.name, floors);
      });
    }
    p.task(
      '主体结构分部验收',
      10,
      [...caps.values()].map((id) => fs(id, 20)),
      { responsibleId: MANAGER },
    );
  });

  const masonryOf = new Map<string, Ref[]>();
  p.group('二次结构工程', () => {
    for (const tower of towers) {
      p.group(`${tower.name}二次结构`, () => {
        const floors = floorsOf.get(tower.name)!;
        const groups: Ref[] = [];
        for (let first = 1; first <= tower.floors; first += 5) {
          const last = Math.min(tower.floors, first + 4);
          // Infill walls follow the structure three floors behind, its formwork struck.
          const structure = floors[Math.min(floors.length - 1, last + 1)];
          const after = groups.length > 0 ? [structure, fs(groups[groups.length - 1])] : [structure];
          groups.push(
            p.task(`${tower.name} ${floorsLabel(first, last)} 砌体及构造柱`, last - first >= 4 ? 15 : 10, after),
          );
        }
        masonryOf.set(tower.name, groups);
      });
    }
  });

  const mepOf = new Map<string, Ref>();
  p.group('机电安装工程', () => {
    for (const tower of towers) {
      p.group(`${tower.name}机电安装`, () => {
        const floors = floorsOf.get(tower.name)!;
        const masonry = masonryOf.get(tower.name)!;
        const sleeves = p.task(`${tower.name}预留预埋（套管、线盒）`, 5, ss(floors[0], 1));
        p.link(ff(caps.get(tower.name)!), sleeves);
        const rooms = masonry.map((group, index) =>
          p.task(
            `${tower.name} ${floorsLabel(index * 5 + 1, Math.min(tower.floors, index * 5 + 5))} 户内水电安装`,
            12,
            fs(group, 3),
          ),
        );
        const water = p.task(`${tower.name}给排水及消防立管安装`, Math.round(tower.floors * 2.2), ss(masonry[0], 10));
        const power = p.task(`${tower.name}电气配管穿线及桥架`, Math.round(tower.floors * 2.0), ss(masonry[0], 12));
        const air = p.task(`${tower.name}通风及防排烟系统`, 25, ss(water, 15));
        const lift = p.task(`${tower.name}电梯安装及调试`, tower.floors > 12 ? 45 : 35, fs(caps.get(tower.name)!, 30));
        const weak = p.task(`${tower.name}弱电及智能化系统`, 30, ss(power, 20));
        mepOf.set(tower.name, p.task(`${tower.name}机电系统调试`, 10, [water, power, air, lift, weak, ...rooms]));
      });
    }
    p.group('公共机电', () => {
      const garage = p.task('地下车库喷淋及照明安装', 35, basementOf.get('地下车库')!);
      const station = p.task('变配电室设备安装', 25, fs(garage, -10));
      p.task('市政供电接入及送电', 15, station);
    });
  });

  const finishOf = new Map<string, Ref>();
  p.group('装饰装修工程', () => {
    for (const tower of towers) {
      p.group(`${tower.name}装饰装修`, () => {
        const masonry = masonryOf.get(tower.name)!;
        const lastMasonry = masonry[masonry.length - 1];
        const plasters = masonry.map((group, index) =>
          p.task(
            `${tower.name} ${floorsLabel(index * 5 + 1, Math.min(tower.floors, index * 5 + 5))} 内墙抹灰`,
            14,
            fs(group, 7),
          ),
        );
        const plaster = plasters[plasters.length - 1];
        p.task(`${tower.name}屋面工程（找坡、保温、防水）`, 15, fs(caps.get(tower.name)!, 10));
        const insulation = p.task(
          `${tower.name}外墙保温及涂料（吊篮施工）`,
          Math.round(tower.floors * 2.2),
          lastMasonry,
        );
        const windows = p.task(`${tower.name}铝合金门窗安装`, Math.round(tower.floors * 1.5), ss(plasters[0], 10));
        const floorsWork = p.task(`${tower.name}楼地面找平及地暖`, Math.round(tower.floors * 1.8), ss(plasters[0], 20));
        const paint = p.task(`${tower.name}室内腻子及涂料`, Math.round(tower.floors * 2), [
          ss(floorsWork, 15),
          ff(plaster, 10),
        ]);
        const lobby = p.task(`${tower.name}公共区域精装修`, 30, [paint, insulation, windows]);
        finishOf.set(tower.name, lobby);
      });
    }
    const garageWalls = p.task('地下车库砌体及抹灰', 30, fs(basementOf.get('地下车库')!, 30));
    p.task('地下车库环氧地坪及标识', 20, garageWalls);
  });

  let outside: Ref = '';
  p.group('室外工程', () => {
    const pipes = p.task('室外给排水及雨污水管网', 30, fs(foundationDone, 120));
    const gas = p.task('室外燃气及电力管线', 25, ss(pipes, 10));
    const roads = p.task('小区道路及停车场', 30, [pipes, gas]);
    const green = p.task('景观绿化及水景', 40, ss(roads, 10));
    outside = p.task('围墙大门及室外照明', 20, ff(green));
  });

  p.group('竣工验收', () => {
    const rooms = p.task('分户验收', 15, [...finishOf.values(), ...mepOf.values()], { responsibleId: MANAGER });
    const fire = p.task('消防验收', 10, rooms);
    const energy = p.task('建筑节能专项验收', 5, ss(rooms, 5));
    const lifts = p.task('电梯验收及取证', 10, [...mepOf.values()]);
    const lightning = p.task('防雷检测', 3, ss(rooms, 2));
    const air = p.task('室内环境检测', 5, ss(rooms, 8));
    const planning = p.task('规划核实及测绘', 10, [outside, rooms]);
    const done = p.milestone('竣工验收', [fire, energy, lifts, lightning, air, planning]);
    p.task('竣工资料整理及备案', 20, done, { responsibleId: MANAGER });
  });
  return p;
}

export function expresswaySchedule(): PlanWriter {
  const p = new PlanWriter('plan-expressway');
  const sections = [
    'K0+000～K0+500',
    'K0+500～K1+000',
    'K1+000～K1+500',
    'K1+500～K2+000',
    'K2+000～K2+500',
    'K2+500～K3+000',
    'K3+000～K3+600',
  ];
  const spans = 7;
  let ready: Ref = '';
  const phases: Ref[] = [];
  p.group('施工准备', () => {
    const start = p.milestone('项目开工');
    const survey = p.task('控制测量及地下管线探测', 10, start, { responsibleId: STAFF });
    const camp = p.task('项目部及钢筋加工场建设', 20, start);
    const traffic = p.task('交通疏解方案报批', 20, start, { responsibleId: MANAGER });
    const fence = p.task('一期交通导改及围挡（中央分隔带施工区）', 10, traffic);
    ready = p.milestone('具备主体施工条件', [survey, camp, fence]);
    phases.push(fence);
  });
  const movedOf: Ref[] = [];
  p.group('管线迁改', () => {
    for (const [name, days] of [
      ['DN600 给水管迁改', 30],
      ['中压燃气管迁改', 25],
      ['110kV 电力管沟迁改', 45],
      ['10kV 电力电缆迁改', 25],
      ['通信管线迁改（移动、联通、电信）', 20],
      ['雨污水管线临时导排', 15],
    ] as const)
      movedOf.push(p.task(name, days, ss(ready, 5)));
  });
  const spanDone: Ref[] = [];
  p.group('主线高架桥工程', () => {
    const pierCaps: Ref[] = [];
    let previousPiles: Ref = '';
    for (let span = 0; span < spans; span += 1) {
      p.group(`第${span + 1}联（P${span * 4 + 1}～P${span * 4 + 4}）下部结构`, () => {
        for (let pier = span * 4 + 1; pier <= span * 4 + 4; pier += 1) {
          const base = previousPiles
            ? [ss(previousPiles, 5), fs(movedOf[pier % movedOf.length])]
            : [fs(movedOf[0]), fs(movedOf[2])];
          const piles = p.task(`P${pier} 钻孔灌注桩（4根）`, 10, base);
          const footing = p.task(`P${pier} 承台施工`, 8, fs(piles, 7));
          const column = p.task(`P${pier} 墩柱施工`, 7, footing);
          pierCaps.push(p.task(`P${pier} 盖梁施工`, 10, column));
          previousPiles = piles;
        }
      });
    }
    for (let span = 0; span < spans; span += 1) {
      p.group(`第${span + 1}联 上部结构（现浇预应力箱梁）`, () => {
        const caps = pierCaps.slice(span * 4, span * 4 + 4);
        const support = p.task(`第${span + 1}联 满堂支架搭设及预压`, 15, [
          ...caps,
          ...(spanDone.length > 0 ? [ss(spanDone[spanDone.length - 1], 10)] : []),
        ]);
        const girder = p.task(`第${span + 1}联 箱梁钢筋及混凝土浇筑`, 25, support, { responsibleId: STAFF });
        const tension = p.task(`第${span + 1}联 预应力张拉及压浆`, 8, fs(girder, 7));
        spanDone.push(p.task(`第${span + 1}联 落架及支架拆除`, 8, tension));
      });
    }
    p.group('桥面系及附属', () => {
      const barrier = p.task('防撞护栏施工', 45, ss(spanDone[1], 5));
      const joints = p.task('伸缩缝安装', 12, spanDone);
      const drain = p.task('桥面排水管安装', 20, ss(barrier, 10));
      const deck = p.task('桥面防水层及沥青铺装', 15, [barrier, joints, drain]);
      p.task('桥梁荷载试验', 7, deck);
    });
  });
  const rampDone: Ref[] = [];
  p.group('上下匝道工程', () => {
    for (const ramp of ['A 匝道（上桥）', 'B 匝道（下桥）', 'C 匝道（上桥）', 'D 匝道（下桥）']) {
      p.group(ramp, () => {
        const piles = p.task(`${ramp} 桩基及承台`, 20, ss(ready, 40));
        const piers = p.task(`${ramp} 墩柱及盖梁`, 20, fs(piles, 7));
        const girder = p.task(`${ramp} 现浇箱梁`, 35, piers);
        const abutment = p.task(`${ramp} 挡墙及填土段`, 25, ss(piles, 10));
        rampDone.push(p.task(`${ramp} 路面及护栏`, 15, [girder, abutment]));
      });
    }
  });
  const roadOf: Ref[] = [];
  const digs: Ref[] = [];
  p.group('地面道路及排水工程', () => {
    phases.push(p.task('二期交通导改（主线两侧施工区）', 7, fs(spanDone[2], 0)));
    sections.forEach((section, index) => {
      p.group(`${section} 段`, () => {
        const dig = p.task(
          `${section} 旧路破除及路基处理`,
          15,
          index === 0 ? [fs(movedOf[5]), fs(phases[1])] : ss(digs[index - 1], 20),
        );
        digs.push(dig);
        const storm = p.task(`${section} 雨水管道及检查井`, 20, dig);
        const sewer = p.task(`${section} 污水管道及检查井`, 18, ss(storm, 5));
        const box = p.task(`${section} 电力及通信排管`, 12, ss(sewer, 6));
        const base = p.task(`${section} 水泥稳定碎石基层`, 10, [storm, sewer, box]);
        const kerb = p.task(`${section} 侧平石及人行道`, 15, ss(base, 5));
        const asphalt = p.task(`${section} 沥青下、中面层`, 6, base);
        roadOf.push(p.task(`${section} 交通转换`, 3, [asphalt, kerb]));
      });
    });
    p.task('雨水泵站土建及设备安装', 60, ss(digs[3], 10));
    p.task('上面层沥青统一摊铺', 10, [...roadOf, ...spanDone.map((id) => fs(id, 10)), ...rampDone]);
  });
  const extras: Ref[] = [];
  p.group('附属工程', () => {
    extras.push(p.task('道路照明工程', 40, ss(roadOf[1], 10)));
    extras.push(p.task('交通信号及电子警察', 25, ss(roadOf[3], 10)));
    extras.push(p.task('交通标志标线', 20, roadOf));
    extras.push(p.task('中央分隔带及行道树绿化', 45, ss(roadOf[0], 20)));
    extras.push(p.task('高架声屏障安装', 25, spanDone));
    for (const bridge of ['1# 人行天桥', '2# 人行天桥']) {
      const base = p.task(`${bridge} 基础及墩柱`, 20, ss(roadOf[bridge.startsWith('1') ? 1 : 4], 0));
      const steel = p.task(`${bridge} 钢箱梁工厂制作`, 40, ss(base, 0));
      extras.push(p.task(`${bridge} 钢箱梁吊装及梯道`, 10, [base, steel]));
    }
    extras.push(p.task('公交港湾及候车亭', 20, ss(roadOf[5], 5)));
  });
  p.group('交工验收', () => {
    const check = p.task('交工检测', 15, extras, { responsibleId: MANAGER });
    const handover = p.milestone('交工验收', check);
    p.task('缺陷修复及资料移交', 20, handover);
  });
  return p;
}

export function highwaySchedule(): PlanWriter {
  const p = new PlanWriter('plan-highway');
  const segments = [
    'K10+000～K11+200',
    'K11+200～K12+300',
    'K12+700～K13+000',
    'K13+100～K15+400',
    'K15+900～K17+800',
    'K19+000～K20+400',
    'K20+400～K22+000',
  ];
  let ready: Ref = '';
  p.group('施工准备', () => {
    const start = p.milestone('开工令');
    const camp = p.task('项目驻地建设', 25, start);
    const mix = p.task('拌合站建设及标定', 30, start);
    const yard = p.task('预制梁场建设', 40, start, { responsibleId: STAFF });
    const access = p.task('施工便道及便桥', 30, start);
    const survey = p.task('交桩复测及施工放样', 10, start, { responsibleId: STAFF });
    ready = p.milestone('临建验收', [camp, mix, yard, access, survey]);
  });
  const subgradeOf: Ref[] = [];
  p.group('路基工程', () => {
    segments.forEach((segment, index) => {
      p.group(`${segment} 路基`, () => {
        const clear = p.task(`${segment} 清表及原地面处理`, 10, index === 0 ? ready : ss(ready, index * 10));
        const soft =
          index % 2 === 0
            ? p.task(`${segment} 软基处理（塑料排水板、堆载预压）`, 120, clear, {
                remark: '预压期满经沉降观测评估后卸载',
              })
            : p.task(`${segment} 挖方及爆破`, 40, clear);
        const box = p.task(`${segment} 盖板涵（2道）`, 30, ss(clear, 10));
        const pipe = p.task(`${segment} 圆管涵及通道`, 25, ss(box, 5));
        const fill = p.task(`${segment} 路基填筑及压实`, 90, [soft, ss(box, 15), ss(pipe, 10)]);
        const slope = p.task(`${segment} 边坡防护（拱形骨架、植草）`, 30, ss(fill, 30));
        const drain = p.task(`${segment} 边沟、排水沟及急流槽`, 30, ss(fill, 25));
        const bed = p.task(`${segment} 路床整修及弯沉检测`, 10, fill);
        subgradeOf.push(p.task(`${segment} 路基交验`, 5, [bed, drain, slope]));
      });
    });
  });
  const bridgeDone: Ref[] = [];
  const bridges: { name: string; piers: number; spans: number }[] = [
    { name: 'K12+350 大桥', piers: 15, spans: 16 },
    { name: 'K13+020 中桥', piers: 4, spans: 5 },
    { name: 'K15+600 互通匝道桥', piers: 9, spans: 10 },
  ];
  let girders: Ref = '';
  p.group('桥梁工程', () => {
    p.group('梁板预制', () => {
      const forms = p.task('T梁及箱梁模板进场验收', 10, ready);
      const first = p.task('首件T梁预制及验收', 15, forms, { responsibleId: STAFF });
      girders = p.task('预制T梁及小箱梁（全线 412 片）', 300, first, { responsibleId: STAFF });
    });
    for (const bridge of bridges) {
      p.group(bridge.name, () => {
        const caps: Ref[] = [];
        p.group(`${bridge.name} 下部结构`, () => {
          let rig: Ref = ready;
          for (let pier = 0; pier <= bridge.piers + 1; pier += 1) {
            const label = pier === 0 ? '0#台' : pier === bridge.piers + 1 ? `${pier}#台` : `${pier}#墩`;
            const piles = p.task(
              `${label} 桩基`,
              pier === 0 || pier === bridge.piers + 1 ? 10 : 15,
              pier === 0 ? rig : ss(rig, 9),
            );
            rig = piles;
            const footing = p.task(`${label} 承台（系梁）`, 7, fs(piles, 7));
            caps.push(
              p.task(`${label} ${pier === 0 || pier === bridge.piers + 1 ? '台身及台帽' : '墩柱及盖梁'}`, 14, footing),
            );
          }
        });
        p.group(`${bridge.name} 上部结构`, () => {
          const erect = p.task(`${bridge.name} 架梁（${bridge.spans}跨）`, bridge.spans * 3, [
            ...caps,
            ss(girders, 40),
          ]);
          const joints = p.task(`${bridge.name} 湿接缝及横隔板`, bridge.spans * 2, ss(erect, 6));
          const deck = p.task(`${bridge.name} 桥面铺装及防撞护栏`, 25, joints);
          bridgeDone.push(p.task(`${bridge.name} 伸缩缝及桥头搭板`, 10, deck));
        });
      });
    }
  });
  let tunnelDone: Ref = '';
  p.group('隧道工程（K18+200 天马山隧道）', () => {
    const portals: Ref[] = [];
    for (const side of ['进口', '出口']) {
      const slope = p.task(`${side}边仰坡防护及管棚`, 20, ready);
      const cut = p.task(`${side}明洞施工`, 25, slope);
      portals.push(cut);
      let face: Ref = cut;
      for (const [from, to] of [
        [0, 120],
        [120, 240],
        [240, 360],
        [360, 480],
        [480, 600],
        [600, 710],
      ]) {
        face = p.task(`${side}左右洞 ${from}～${to}m 开挖及初期支护`, 35, face);
      }
      p.task(`${side}仰拱及填充`, 150, ss(cut, 40));
      p.task(`${side}二次衬砌（模板台车）`, 160, ss(cut, 60));
      portals.push(face);
    }
    const through = p.milestone('隧道贯通', portals);
    const pave = p.task('隧道路面及排水', 30, through);
    tunnelDone = p.task('隧道机电及装饰', 40, pave);
  });
  const paveOf: Ref[] = [];
  p.group('路面工程', () => {
    segments.forEach((segment, index) => {
      p.group(`${segment} 路面`, () => {
        const sub = p.task(`${segment} 水泥稳定碎石底基层`, 15, subgradeOf[index]);
        const base = p.task(`${segment} 水泥稳定碎石基层`, 15, ss(sub, 5));
        const lower = p.task(`${segment} 沥青下面层（AC-25C）`, 6, fs(base, 7));
        paveOf.push(p.task(`${segment} 沥青中面层（AC-20C）`, 5, lower));
      });
    });
    p.task('沥青上面层（SMA-13）全线摊铺', 20, [...paveOf, ...bridgeDone, tunnelDone]);
  });
  let works: Ref[] = [];
  p.group('交通安全设施', () => {
    const guard = p.task('波形梁护栏', 40, ss(paveOf[0], 10));
    const fence = p.task('隔离栅及防落网', 30, ss(subgradeOf[2], 20));
    const signs = p.task('交通标志', 25, ss(guard, 15));
    const marking = p.task('路面标线及突起路标', 15, [guard, fs(paveOf[paveOf.length - 1], 30)]);
    const glare = p.task('防眩板及轮廓标', 20, ss(guard, 10));
    works = [guard, fence, signs, marking, glare];
  });
  p.group('机电工程', () => {
    const pipe = p.task('通信管道及人手井', 40, ss(subgradeOf[1], 30));
    const monitor = p.task('监控系统', 35, pipe);
    const toll = p.task('收费站及收费系统', 60, ss(pipe, 20));
    works = [...works, monitor, toll];
  });
  p.group('房建工程（收费站、养护工区）', () => {
    const found = p.task('收费站综合楼基础及主体', 90, ss(subgradeOf[4], 30));
    const canopy = p.task('收费天棚钢结构', 40, ss(found, 45));
    const decor = p.task('综合楼装饰装修及水电', 60, found);
    const depot = p.task('养护工区房建', 120, ss(found, 20));
    works.push(p.task('房建工程验收', 10, [canopy, decor, depot]));
  });
  p.group('绿化及环保工程', () => {
    works.push(p.task('中央分隔带及边坡绿化', 45, ss(paveOf[0], 20)));
    works.push(p.task('声屏障及水保措施', 20, bridgeDone));
  });
  p.group('交工验收', () => {
    const check = p.task('交工质量检测', 20, works, { responsibleId: MANAGER });
    const handover = p.milestone('交工验收', check);
    p.task('交工资料整理及缺陷责任期移交', 30, handover);
  });
  return p;
}
