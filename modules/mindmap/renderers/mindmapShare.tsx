/**
 * What a share link opens (page mindmap-share, /mindMap/share?token=...): the map read-only, with its project and
 * who saved it last, and its PNG and Markdown export. A link taken back or altered, or opened by someone outside
 * the map's project, says so instead.
 */
import { Button, Result, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Result/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { IconDownload } from '@arco-design/web-react/icon';
import { useRef } from 'react';
import { type CustomRendererProps, Loading, useSeams } from '../../../src/engine/module-api';
import { MapCanvas, type MapCanvasHandle } from '../browser/MapCanvas';
import { mapApis, MsgCodes, type SharedMap } from '../browser/map-api';
import { download, fileName, toMarkdown } from '../browser/map-export';
import { useMapAnswer } from '../browser/use-map-answer';
import { savedText } from '../browser/map-texts';

export default function MindmapShare(_props: CustomRendererProps) {
  const seams = useSeams();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const { load, retry } = useMapAnswer<SharedMap>({
    api: mapApis.shared,
    variables: { token },
    acceptCodes: [MsgCodes.notFound, MsgCodes.forbidden],
    refuseWith: token ? undefined : '分享链接不完整，请向分享人重新索取',
  });
  const canvas = useRef<MapCanvasHandle>(null);

  if (load.state === 'loading') return <Loading label="正在打开分享的导图…" />;
  if (load.state === 'refused')
    return (
      <Result
        status="403"
        title={load.message || '分享链接无效或已被取消'}
        subTitle="如需查看，请联系分享人重新分享。"
      />
    );
  if (load.state === 'failed')
    return (
      <Result
        status="error"
        title="导图加载失败，请检查网络后重试"
        extra={
          <Button type="primary" onClick={retry}>
            重新加载
          </Button>
        }
      />
    );

  const { map } = load;
  const exportPng = async () => {
    try {
      download(await canvas.current!.png(), fileName(map.title, 'png'));
    } catch {
      seams.notify.error('导出图片失败，请稍后重试');
    }
  };
  return (
    <div className="mindmap-shared" data-testid="mindmap-shared">
      <div className="mindmap-bar">
        <div className="mindmap-heading">
          <h3 className="mindmap-title" title={map.title}>
            {map.title}
          </h3>
          <Tag color="gray">只读</Tag>
          <span
            className="mindmap-shared-meta"
            title={`${map.projectName} · ${savedText(map.savedByName, map.savedAt)}`}
          >
            {map.projectName}
            {map.savedByName ? ` · ${savedText(map.savedByName, map.savedAt || map.updatedAt)}` : ''}
          </span>
        </div>
        <div className="mindmap-actions">
          <Button size="small" icon={<IconDownload />} onClick={() => void exportPng()}>
            导出 PNG
          </Button>
          <Button
            size="small"
            icon={<IconDownload />}
            onClick={() =>
              download(
                new Blob([toMarkdown(canvas.current?.data() ?? map.content)], { type: 'text/markdown;charset=utf-8' }),
                fileName(map.title, 'md'),
              )
            }
          >
            导出 Markdown
          </Button>
        </div>
      </div>
      <MapCanvas ref={canvas} data={map.content} editable={false} label={`思维导图（只读）：${map.title}`} />
    </div>
  );
}
