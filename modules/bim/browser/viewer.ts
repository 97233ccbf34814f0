/**
 * The 3D side of the model page, without React: three.js draws, camera-controls orbits, pans and zooms, and
 * @thatopen/fragments streams the converted model from its worker (served by this app: the worker file is an asset
 * of the build, never a CDN, which a site's intranet does not reach). Picking, highlighting, visibility, distance
 * measuring, a section box (six clipping planes of the renderer) and viewpoints (camera, target, section box) are
 * here; the page (renderers/bimViewer.tsx) holds the lists and the panels.
 */
import CameraControls from 'camera-controls';
import { FragmentsModels, RenderedFaces, type FragmentsModel, type SpatialTreeItem } from '@thatopen/fragments';
import * as THREE from 'three';
// The minified worker, emitted by the build as a file of its own and loaded only when a model is opened.
import workerUrl from '../../../node_modules/@thatopen/fragments/dist/Worker/worker.min.mjs?url';

CameraControls.install({ THREE });

export type Vec3 = [number, number, number];

/** Where the camera stands and looks, and the section box if one is on: what an issue and a saved view keep. */
export interface Viewpoint {
  position: Vec3;
  target: Vec3;
  section: { min: Vec3; max: Vec3 } | null;
}

export interface PickedElement {
  localId: number;
  point: Vec3;
}

const HIGHLIGHT = {
  color: new THREE.Color('#ffd000'),
  renderedFaces: RenderedFaces.TWO,
  opacity: 1,
  transparent: false,
};

const vec = (v: THREE.Vector3): Vec3 => [v.x, v.y, v.z];

export class BimViewer {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera = new THREE.PerspectiveCamera(50, 1, 0.1, 2000);
  readonly controls: CameraControls;
  // Two workers at most (the least fragments accepts): a site office PC has few cores.
  private readonly fragments = new FragmentsModels(workerUrl, { maxWorkers: 2 });
  private readonly clock = new THREE.Clock();
  private readonly measureGroup = new THREE.Group();
  private model: FragmentsModel | null = null;
  /** A second model shown with the first (碰撞检查 of two models), moved into the first one's frame. */
  private beside: FragmentsModel | null = null;
  /** A model loaded and fitted whose first frame is yet to be drawn (the mark `npm run bench` times). */
  private unmarked: FragmentsModel | null = null;
  private frame = 0;
  private dirty = true;
  private readonly resize = new ResizeObserver(() => this.fitCanvas());
  private section: THREE.Box3 | null = null;
  private readonly sectionHelper = new THREE.Box3Helper(new THREE.Box3(), 0x3491fa);
  /** Hears where the camera came to rest after each move. */
  onRest: ((view: Viewpoint) => void) | null = null;

  constructor(private readonly host: HTMLElement) {
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setClearColor('#eef2f7');
    host.appendChild(this.renderer.domElement);
    this.scene.add(new THREE.AmbientLight(0xffffff, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 2);
    sun.position.set(30, 60, 20);
    this.scene.add(sun);
    this.scene.add(this.measureGroup);
    this.sectionHelper.visible = false;
    this.scene.add(this.sectionHelper);
    this.controls = new CameraControls(this.camera, this.renderer.domElement);
    this.controls.addEventListener('update', () => (this.dirty = true));
    // The worker draws more detail once the camera rests.
    this.controls.addEventListener('rest', () => {
      void this.fragments.update(true);
      this.onRest?.(this.viewpoint());
    });
    this.fragments.models.materials.list.onItemSet.add(({ value: material }) => {
      // Coplanar faces of touching elements would flicker. (The section box's planes are the renderer's own, for all.)
      material.polygonOffset = true;
      material.polygonOffsetUnits = 1;
      material.polygonOffsetFactor = Math.random();
    });
    this.resize.observe(host);
    this.fitCanvas();
    const loop = () => {
      this.frame = requestAnimationFrame(loop);
      const moved = this.controls.update(this.clock.getDelta());
      if (moved || this.dirty) {
        this.dirty = false;
        void this.fragments.update();
        this.renderer.render(this.scene, this.camera);
        if (this.unmarked && this.unmarked.tiles.size > 0) {
          performance.mark('bim-first-frame', { detail: this.unmarked.modelId });
          this.unmarked = null;
        }
      }
    };
    loop();
  }

  private fitCanvas() {
    const { clientWidth: width, clientHeight: height } = this.host;
    if (width === 0 || height === 0) return;
    this.renderer.setSize(width, height);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.dirty = true;
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.domElement;
  }

  /** Shows the converted model `bytes` instead of the current one. */
  async load(id: string, bytes: ArrayBuffer): Promise<FragmentsModel> {
    if (this.model) {
      this.scene.remove(this.model.object);
      await this.fragments.disposeModel(this.model.modelId);
    }
    await this.loadBeside(null);
    this.clearMeasure();
    this.setSection(null);
    const model = await this.fragments.load(bytes, { modelId: id, camera: this.camera });
    this.scene.add(model.object);
    this.model = model;
    // Tiles stream in from the worker after each update: each arrival (and each change of colour or visibility)
    // is drawn on the next frame.
    model.onViewUpdated.add(() => (this.dirty = true));
    model.tiles.onItemSet.add(() => (this.dirty = true));
    await this.fragments.update(true);
    // A three-quarter view from above (the model is y-up, as three.js is), then the whole model in the frame.
    await this.controls.rotateTo(Math.PI / 4, Math.PI / 3, false);
    await this.fit(false);
    this.unmarked = model;
    return model;
  }

  /**
   * Shows `bytes` (null: none) beside the loaded model, moved by the difference of the two models' offsets into the
   * loaded one's frame, where the clash check (server/clash-job.ts) measures too.
   */
  async loadBeside(id: string | null, bytes?: ArrayBuffer): Promise<void> {
    if (this.beside) {
      this.scene.remove(this.beside.object);
      await this.fragments.disposeModel(this.beside.modelId);
      this.beside = null;
    }
    if (!id || !bytes || !this.model) return;
    const model = await this.fragments.load(bytes, { modelId: id, camera: this.camera });
    const [main, other] = [await this.model.getCoordinates(), await model.getCoordinates()];
    model.object.position.set(main[0]! - other[0]!, main[1]! - other[1]!, main[2]! - other[2]!);
    this.scene.add(model.object);
    this.beside = model;
    model.onViewUpdated.add(() => (this.dirty = true));
    model.tiles.onItemSet.add(() => (this.dirty = true));
    await this.refresh();
  }

  /**
   * Shows a clash: element `a` in red and `b` in blue, each of the loaded model or (`beside`) of the one beside it;
   * with `isolate` nothing else is shown (a duct inside a beam is hidden by the slab above it otherwise).
   */
  async showClash(
    a: { localId: number; beside: boolean },
    b: { localId: number; beside: boolean },
    isolate: boolean,
  ): Promise<void> {
    for (const model of [this.model, this.beside]) {
      if (!model) continue;
      const inIt = (element: { beside: boolean }) => element.beside === (model === this.beside);
      const ids = [a, b].filter(inIt).map((element) => element.localId);
      await model.resetHighlight();
      for (const [element, color] of [
        [a, '#f53f3f'],
        [b, '#165dff'],
      ] as const)
        if (inIt(element)) await model.highlight([element.localId], { ...HIGHLIGHT, color: new THREE.Color(color) });
      await model.resetVisible();
      if (isolate) {
        await model.setVisible(undefined, false);
        if (ids.length > 0) await model.setVisible(ids, true);
      }
    }
    await this.refresh();
  }

  /** The camera brought back to the whole model. */
  async fit(animate = true): Promise<void> {
    if (!this.model) return;
    // fitToSphere keeps the direction the camera looks from (fitToBox would turn it to the nearest face).
    await this.controls.fitToSphere(this.model.box.getBoundingSphere(new THREE.Sphere()), animate);
    await this.fragments.update(true);
    this.dirty = true;
    this.onRest?.(this.viewpoint());
  }

  get box(): THREE.Box3 | null {
    return this.model ? this.model.box.clone() : null;
  }

  async spatialTree(): Promise<SpatialTreeItem | null> {
    return this.model ? this.model.getSpatialStructure() : null;
  }

  /** The element under a point of the canvas (client coordinates), or null. */
  async pick(clientX: number, clientY: number): Promise<PickedElement | null> {
    if (!this.model) return null;
    const hit = await this.model.raycast({
      camera: this.camera,
      mouse: new THREE.Vector2(clientX, clientY),
      dom: this.renderer.domElement,
    });
    if (!hit || typeof hit.localId !== 'number') return null;
    return { localId: hit.localId, point: vec(hit.point) };
  }

  async select(localIds: number[]): Promise<void> {
    if (!this.model) return;
    await this.model.resetHighlight();
    if (localIds.length > 0) await this.model.highlight(localIds, HIGHLIGHT);
    await this.refresh();
  }

  async setVisible(localIds: number[], visible: boolean): Promise<void> {
    if (!this.model || localIds.length === 0) return;
    await this.model.setVisible(localIds, visible);
    await this.refresh();
  }

  /** Only `localIds` shown. */
  async isolate(localIds: number[]): Promise<void> {
    if (!this.model) return;
    await this.model.setVisible(undefined, false);
    await this.model.setVisible(localIds, true);
    await this.refresh();
  }

  async showAll(): Promise<void> {
    if (!this.model) return;
    await this.model.resetVisible();
    await this.refresh();
  }

  async hiddenIds(): Promise<number[]> {
    return this.model ? this.model.getItemsByVisibility(false) : [];
  }

  async itemData(localId: number) {
    if (!this.model) return undefined;
    const [data] = await this.model.getItemsData([localId], {
      attributesDefault: true,
      relationsDefault: { attributes: false, relations: false },
      relations: {
        IsDefinedBy: { attributes: true, relations: true },
        HasProperties: { attributes: true, relations: false },
      },
    });
    return data;
  }

  /** The IFC Name of each of `localIds` that has one. */
  async names(localIds: number[]): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    if (!this.model || localIds.length === 0) return names;
    const data = await this.model.getItemsData(localIds, {
      attributesDefault: false,
      attributes: ['Name'],
      relationsDefault: { attributes: false, relations: false },
    });
    data.forEach((item, index) => {
      const name = (item as { Name?: { value?: unknown } }).Name?.value;
      if (typeof name === 'string' && name) names.set(localIds[index]!, name);
    });
    return names;
  }

  async guidOf(localId: number): Promise<string> {
    const [guid] = this.model ? await this.model.getGuidsByLocalIds([localId]) : [];
    return guid ?? '';
  }

  async localIdOf(guid: string): Promise<number | null> {
    const [id] = this.model ? await this.model.getLocalIdsByGuids([guid]) : [];
    return id ?? null;
  }

  private async refresh() {
    await this.fragments.update(true);
    this.dirty = true;
  }

  /** A measured distance between two points, drawn as a line with its end marks; answers metres. */
  addMeasure(a: Vec3, b: Vec3): number {
    const from = new THREE.Vector3(...a);
    const to = new THREE.Vector3(...b);
    const material = new THREE.LineBasicMaterial({ color: 0xf53f3f, depthTest: false });
    const line = new THREE.Line(new THREE.BufferGeometry().setFromPoints([from, to]), material);
    line.renderOrder = 10;
    this.measureGroup.add(line);
    for (const end of [from, to]) this.addMark(end);
    this.dirty = true;
    return from.distanceTo(to);
  }

  addMark(at: Vec3 | THREE.Vector3): void {
    const mark = new THREE.Mesh(
      new THREE.SphereGeometry(0.08, 12, 8),
      new THREE.MeshBasicMaterial({ color: 0xf53f3f, depthTest: false }),
    );
    mark.renderOrder = 11;
    mark.position.copy(at instanceof THREE.Vector3 ? at : new THREE.Vector3(...at));
    this.measureGroup.add(mark);
    this.dirty = true;
  }

  clearMeasure(): void {
    for (const child of [...this.measureGroup.children]) {
      this.measureGroup.remove(child);
      if (child instanceof THREE.Mesh || child instanceof THREE.Line) {
        child.geometry.dispose();
        (child.material as THREE.Material).dispose();
      }
    }
    this.dirty = true;
  }

  /** Keeps only what lies inside `box` (null: the whole model again). */
  setSection(box: { min: Vec3; max: Vec3 } | null): void {
    const planes = this.renderer.clippingPlanes;
    planes.length = 0;
    this.section = box ? new THREE.Box3(new THREE.Vector3(...box.min), new THREE.Vector3(...box.max)) : null;
    if (this.section) {
      const { min, max } = this.section;
      planes.push(
        new THREE.Plane(new THREE.Vector3(1, 0, 0), -min.x),
        new THREE.Plane(new THREE.Vector3(-1, 0, 0), max.x),
        new THREE.Plane(new THREE.Vector3(0, 1, 0), -min.y),
        new THREE.Plane(new THREE.Vector3(0, -1, 0), max.y),
        new THREE.Plane(new THREE.Vector3(0, 0, 1), -min.z),
        new THREE.Plane(new THREE.Vector3(0, 0, -1), max.z),
      );
      this.sectionHelper.box.copy(this.section);
    }
    this.sectionHelper.visible = this.section !== null;
    this.dirty = true;
  }

  viewpoint(): Viewpoint {
    const position = this.controls.getPosition(new THREE.Vector3());
    const target = this.controls.getTarget(new THREE.Vector3());
    const round = (v: THREE.Vector3): Vec3 => vec(v).map((n) => Math.round(n * 1000) / 1000) as Vec3;
    const section = this.section ? { min: vec(this.section.min), max: vec(this.section.max) } : null;
    return { position: round(position), target: round(target), section };
  }

  async goTo(view: Viewpoint, animate = true): Promise<void> {
    this.setSection(view.section);
    await this.controls.setLookAt(...view.position, ...view.target, animate);
    await this.fragments.update(true);
    this.dirty = true;
    this.onRest?.(this.viewpoint());
  }

  /** The canvas as a small JPEG (an issue's screenshot): at most `width` pixels wide. */
  screenshot(width = 640): string {
    this.renderer.render(this.scene, this.camera);
    const source = this.renderer.domElement;
    const scale = Math.min(1, width / source.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(source.width * scale);
    canvas.height = Math.round(source.height * scale);
    canvas.getContext('2d')?.drawImage(source, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.7);
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.resize.disconnect();
    this.controls.dispose();
    void this.fragments.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }
}
