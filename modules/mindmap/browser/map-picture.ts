/**
 * A map as a PNG picture, drawn on a canvas from the map as the browser laid it out: every branch line (SVG path
 * data, drawn as a Path2D), every topic's box, border and text wrapped as on screen, tags, and the labels of
 * arrows and summaries. mind-elixir's own export draws an SVG picture holding HTML (a foreignObject), which the
 * browser refuses to turn into a PNG (a "tainted" canvas), and it writes topic text into markup; this one writes
 * no markup at all. Folded branches are left out, as on screen.
 */

const PADDING = 40;
/** Pixels per layout pixel: sharp on high-density screens and in print. */
const RATIO = 2;
/** A canvas larger than this many pixels a side is refused by browsers. */
const MAX_SIDE = 16_000;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const visible = (color: string) =>
  color !== '' && color !== 'none' && !/rgba\([^)]*,\s*0\)$/.test(color) && color !== 'transparent';

function fontOf(style: CSSStyleDeclaration): string {
  return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}

/** The text cut into the lines it fills at `width` (by character: Chinese text has no spaces to break at). */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const character of paragraph) {
      if (line !== '' && context.measureText(line + character).width > width + 0.5) {
        lines.push(line);
        line = character;
      } else line += character;
    }
    lines.push(line);
  }
  return lines;
}

function roundRect(context: CanvasRenderingContext2D, box: Box, radius: number) {
  context.beginPath();
  context.roundRect(box.x, box.y, box.w, box.h, Math.min(radius, box.h / 2, box.w / 2));
}

export async function mapPicture(nodes: HTMLElement, scale: number, background: string): Promise<Blob> {
  const origin = nodes.getBoundingClientRect();
  const boxOf = (element: Element): Box => {
    const rect = element.getBoundingClientRect();
    return {
      x: (rect.left - origin.left) / scale,
      y: (rect.top - origin.top) / scale,
      w: rect.width / scale,
      h: rect.height / scale,
    };
  };
  // The picture holds what is drawn, not the empty half of a map whose branches all go one way.
  const bounds = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  const include = (box: Box) => {
    if (box.w <= 0 && box.h <= 0) return;
    bounds.left = Math.min(bounds.left, box.x);
    bounds.top = Math.min(bounds.top, box.y);
    bounds.right = Math.max(bounds.right, box.x + box.w);
    bounds.bottom = Math.max(bounds.bottom, box.y + box.h);
  };
  for (const topic of nodes.querySelectorAll('me-tpc, .svg-label')) include(boxOf(topic));
  for (const svg of nodes.querySelectorAll('svg')) {
    const at = boxOf(svg);
    for (const path of svg.querySelectorAll('path')) {
      const shape = path.getBBox();
      include({ x: at.x + shape.x, y: at.y + shape.y, w: shape.width, h: shape.height });
    }
  }
  if (!Number.isFinite(bounds.left))
    Object.assign(bounds, { left: 0, top: 0, right: nodes.offsetWidth, bottom: nodes.offsetHeight });
  const width = bounds.right - bounds.left + PADDING * 2;
  const height = bounds.bottom - bounds.top + PADDING * 2;
  const ratio = Math.min(RATIO, MAX_SIDE / width, MAX_SIDE / height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * ratio);
  canvas.height = Math.ceil(height * ratio);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('浏览器不支持导出图片');
  context.scale(ratio, ratio);
  context.fillStyle = background;
  context.fillRect(0, 0, width, height);
  context.translate(PADDING - bounds.left, PADDING - bounds.top);

  // Branch lines, arrows and summary brackets: each SVG's paths from where the SVG sits.
  for (const svg of nodes.querySelectorAll('svg')) {
    const at = boxOf(svg);
    for (const path of svg.querySelectorAll('path')) {
      const data = path.getAttribute('d');
      const style = getComputedStyle(path);
      if (!data || style.display === 'none' || style.visibility === 'hidden') continue;
      context.save();
      context.translate(at.x, at.y);
      const shape = new Path2D(data);
      if (visible(style.fill)) {
        context.fillStyle = style.fill;
        context.fill(shape);
      }
      if (visible(style.stroke)) {
        context.strokeStyle = style.stroke;
        context.lineWidth = parseFloat(style.strokeWidth) || 2;
        context.lineCap = 'round';
        const dashes = style.strokeDasharray;
        context.setLineDash(
          dashes && dashes !== 'none' ? dashes.split(/[\s,]+/).map((dash) => parseFloat(dash) || 0) : [],
        );
        context.stroke(shape);
      }
      context.restore();
    }
  }

  const drawText = (element: Element, box: Box, style: CSSStyleDeclaration) => {
    const text = (element.textContent ?? '').trim();
    if (!text) return;
    context.font = fontOf(style);
    context.fillStyle = style.color;
    context.textBaseline = 'middle';
    const left = box.x + parseFloat(style.paddingLeft || '0') + parseFloat(style.borderLeftWidth || '0');
    const inner =
      box.w - (left - box.x) - parseFloat(style.paddingRight || '0') - parseFloat(style.borderRightWidth || '0');
    const lines = wrap(context, text, Math.max(inner, 1));
    const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4;
    const top = box.y + (box.h - lineHeight * lines.length) / 2;
    lines.forEach((line, index) => context.fillText(line, left, top + lineHeight * (index + 0.5)));
  };

  const drawBox = (box: Box, style: CSSStyleDeclaration) => {
    const radius = parseFloat(style.borderTopLeftRadius) || 0;
    if (visible(style.backgroundColor)) {
      roundRect(context, box, radius);
      context.fillStyle = style.backgroundColor;
      context.fill();
    }
    const border = parseFloat(style.borderTopWidth) || 0;
    if (border > 0 && visible(style.borderTopColor) && style.borderTopStyle !== 'none') {
      roundRect(
        context,
        { x: box.x + border / 2, y: box.y + border / 2, w: box.w - border, h: box.h - border },
        radius,
      );
      context.strokeStyle = style.borderTopColor;
      context.lineWidth = border;
      context.setLineDash([]);
      context.stroke();
    }
  };

  // Topics: their box, then their text and tags where the browser put them.
  for (const topic of nodes.querySelectorAll('me-tpc')) {
    const box = boxOf(topic);
    if (box.w === 0 || box.h === 0) continue;
    const style = getComputedStyle(topic);
    drawBox(box, style);
    const text = topic.querySelector(':scope > .text') ?? topic;
    const textBox = boxOf(text);
    drawText(text, text === topic ? box : textBox, text === topic ? style : getComputedStyle(text));
    for (const part of topic.querySelectorAll(':scope > .tags > span, :scope > .icons > span')) {
      const partBox = boxOf(part);
      const partStyle = getComputedStyle(part);
      drawBox(partBox, partStyle);
      drawText(part, partBox, partStyle);
    }
  }

  // Labels of arrows and summaries.
  for (const label of nodes.querySelectorAll('.svg-label')) {
    const box = boxOf(label);
    if (box.w === 0 || box.h === 0) continue;
    drawText(label, box, getComputedStyle(label));
  }

  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('导出图片失败'))), 'image/png');
    } catch (error) {
      reject(error instanceof Error ? error : new Error('导出图片失败'));
    }
  });
}
