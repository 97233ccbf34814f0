/**
 * A big screen is laid out once, at its design size (1920 x 1080), and this stage scales it to the window with a CSS
 * transform, keeping its proportions and centring it on a dark border where the window's shape differs (letterbox):
 * a 1280 x 720 laptop, a 1920 x 1080 TV and a 3840 x 2160 wall show the same screen, never a scrollbar, never a
 * stretched chart. What draws pixels itself (a canvas map) reads the scale to draw sharp when it is enlarged.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import './screen-stage.css';

export const SCREEN_WIDTH = 1920;
export const SCREEN_HEIGHT = 1080;

const StageScale = createContext(1);

/** How much the stage around a component is enlarged (1 outside a stage). */
export const useStageScale = (): number => useContext(StageScale);

interface Box {
  width: number;
  height: number;
}

// The layout viewport without scrollbars: what the stage must fit.
const windowBox = (): Box => ({
  width: document.documentElement.clientWidth,
  height: document.documentElement.clientHeight,
});

export function ScreenStage({ children }: { children: ReactNode }) {
  const [box, setBox] = useState(windowBox);
  useEffect(() => {
    const resized = () => setBox(windowBox());
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  const scale = Math.min(box.width / SCREEN_WIDTH, box.height / SCREEN_HEIGHT);
  const left = Math.max(0, (box.width - SCREEN_WIDTH * scale) / 2);
  const top = Math.max(0, (box.height - SCREEN_HEIGHT * scale) / 2);
  return (
    <div className="screen-viewport" data-testid="screen-viewport">
      <div
        className="screen-stage"
        data-testid="screen-stage"
        style={{
          width: SCREEN_WIDTH,
          height: SCREEN_HEIGHT,
          transform: `translate(${left}px, ${top}px) scale(${scale})`,
        }}
      >
        <StageScale.Provider value={scale}>{children}</StageScale.Provider>
      </div>
    </div>
  );
}
