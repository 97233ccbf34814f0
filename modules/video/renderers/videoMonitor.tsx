/**
 * 视频监控 (/videoSearch/monitor): the project's cameras on the left, a grid of 1, 4, 9 or 16 live views on the
 * right. The grid starts filled with the first cameras; a camera clicked in the list plays in the selected view.
 * The layout is kept per browser, so a site office's wall screen opens as it was left.
 */
import { Empty, Input, Radio } from '@arco-design/web-react';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import { useEffect, useMemo, useState } from 'react';
import type { CustomRendererProps } from '../../../src/engine/module-api';
import { LiveView } from '../browser/LiveView';
import type { CameraView } from '../browser/video-types';
import '../browser/video.css';

const LAYOUTS = [1, 4, 9, 16] as const;
type Layout = (typeof LAYOUTS)[number];
const LAYOUT_KEY = 'video-monitor-layout';

function savedLayout(): Layout {
  const saved = Number(localStorage.getItem(LAYOUT_KEY));
  return (LAYOUTS as readonly number[]).includes(saved) ? (saved as Layout) : 4;
}

export default function VideoMonitor({ data }: CustomRendererProps) {
  const cameras = useMemo(() => (Array.isArray(data) ? (data as CameraView[]) : []), [data]);
  const [layout, setLayout] = useState<Layout>(savedLayout);
  const [slots, setSlots] = useState<(string | undefined)[]>([]);
  const [selected, setSelected] = useState(0);
  const [search, setSearch] = useState('');

  // A new project (or its first answer) fills the grid with its first cameras.
  useEffect(() => {
    setSlots(cameras.slice(0, 16).map((camera) => camera.id));
    setSelected(0);
  }, [cameras]);

  const byId = useMemo(() => new Map(cameras.map((camera) => [camera.id, camera])), [cameras]);
  const listed = cameras.filter(
    (camera) => !search || camera.name.includes(search) || camera.location.includes(search),
  );
  const changeLayout = (next: Layout) => {
    setLayout(next);
    localStorage.setItem(LAYOUT_KEY, String(next));
    if (selected >= next) setSelected(0);
  };
  const show = (cameraId: string) => {
    setSlots((current) => {
      const next = [...current];
      next[selected] = cameraId;
      return next;
    });
    setSelected((index) => (index + 1) % layout);
  };

  return (
    <div className="video-page" data-testid="video-monitor">
      <aside className="video-cameras">
        <div className="video-cameras-head">摄像头（{cameras.length}）</div>
        <Input.Search allowClear placeholder="搜索名称或位置" value={search} onChange={setSearch} />
        <ul className="video-camera-list" data-testid="camera-list">
          {listed.map((camera) => (
            <li key={camera.id}>
              <button
                type="button"
                className={`video-camera${slots.slice(0, layout).includes(camera.id) ? ' video-camera-on' : ''}`}
                onClick={() => show(camera.id)}
                title={`${camera.name}（${camera.location}）${camera.gbId ? ` 国标编码 ${camera.gbId}` : ''}`}
              >
                <span className="video-camera-name">{camera.name}</span>
                <span className="video-camera-place">{camera.location || '—'}</span>
              </button>
            </li>
          ))}
        </ul>
        {cameras.length === 0 && <Empty description="本项目还没有摄像头，请在“摄像头管理”中添加" />}
      </aside>
      <section className="video-main">
        <div className="video-toolbar">
          <span className="video-toolbar-title">实时画面</span>
          <Radio.Group type="button" value={layout} onChange={changeLayout} data-testid="layout">
            {LAYOUTS.map((count) => (
              <Radio key={count} value={count}>
                {count} 画面
              </Radio>
            ))}
          </Radio.Group>
        </div>
        <div className={`video-grid video-grid-${layout}`} data-testid="live-grid" data-layout={layout}>
          {Array.from({ length: layout }, (_, index) => (
            <LiveView
              key={index}
              index={index}
              camera={slots[index] ? byId.get(slots[index]!) : undefined}
              selected={index === selected && layout > 1}
              onSelect={() => setSelected(index)}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
