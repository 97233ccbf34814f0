/** Arco's per-component style entries (`es/<Component>/style/css.js`) only import CSS. */
declare module '@arco-design/web-react/es/*/style/css.js';
