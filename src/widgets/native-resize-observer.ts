/**
 * Arco bundles a ResizeObserver polyfill for browsers that predate it; the portal supports modern browsers only
 * (the footer says so), so the browser's own ResizeObserver stands in and the login page ships less code.
 * Test environments without one (jsdom) get an observer that observes nothing.
 */
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

export default globalThis.ResizeObserver ?? NoResizeObserver;
