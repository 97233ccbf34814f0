/**
 * One view of the live grid: the camera's stream (or why it has none), its name and place, and the view's own
 * buttons: full screen (the view alone fills the screen, Esc returns) and snapshot (the frame shown, as PNG).
 */
import { Button, Tooltip } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Tooltip/style/css.js';
import { useEffect, useRef, useState } from 'react';
import { attachPlayer } from './player';
import { saveSnapshot, type CameraView } from './video-types';

export function LiveView({
  camera,
  index,
  selected,
  onSelect,
}: {
  camera: CameraView | undefined;
  index: number;
  selected: boolean;
  onSelect: () => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string>('');
  const [playing, setPlaying] = useState(false);
  const url = camera?.play?.url;
  const kind = camera?.play?.kind;

  // The camera's stream in the player of its kind (hls.js or mpegts.js), destroyed when the view changes or goes.
  useEffect(() => {
    setFailure(camera?.unavailable ?? '');
    setPlaying(false);
    const element = video.current;
    if (!url || !kind || !element) return undefined;
    let player: { destroy(): void } | undefined;
    let gone = false;
    void attachPlayer(element, { kind, url }, { live: true, failed: setFailure }).then((attached) => {
      if (gone) attached.destroy();
      else player = attached;
    });
    return () => {
      gone = true;
      player?.destroy();
    };
  }, [url, kind, camera?.unavailable]);

  const status = !camera ? '点击左侧摄像头在此播放' : failure || (playing ? '' : '正在连接视频流…');
  return (
    <div
      ref={frame}
      className={`video-view${selected ? ' video-view-selected' : ''}`}
      data-testid="live-view"
      data-camera={camera?.id ?? ''}
      onClick={onSelect}
    >
      <video
        ref={video}
        className="video-view-video"
        muted
        autoPlay
        playsInline
        data-testid="live-video"
        onPlaying={() => setPlaying(true)}
      />
      {status && (
        <div className={`video-view-status${failure ? ' video-view-failure' : ''}`} data-testid="live-status">
          {status}
        </div>
      )}
      <div className="video-view-bar">
        <span className="video-view-title" title={camera ? `${camera.name}（${camera.location}）` : ''}>
          {camera ? camera.name : `画面 ${index + 1}`}
          {camera?.location && <span className="video-view-place">{camera.location}</span>}
        </span>
        {camera && !failure && (
          <span className="video-view-actions">
            <Tooltip content="截图">
              <Button
                size="mini"
                type="text"
                aria-label="截图"
                data-testid="snapshot"
                onClick={(event) => {
                  event.stopPropagation();
                  if (video.current) saveSnapshot(video.current, camera.name, Date.now());
                }}
              >
                截图
              </Button>
            </Tooltip>
            <Tooltip content="全屏（Esc 退出）">
              <Button
                size="mini"
                type="text"
                aria-label="全屏"
                data-testid="fullscreen"
                onClick={(event) => {
                  event.stopPropagation();
                  void frame.current?.requestFullscreen?.();
                }}
              >
                全屏
              </Button>
            </Tooltip>
          </span>
        )}
      </div>
    </div>
  );
}
