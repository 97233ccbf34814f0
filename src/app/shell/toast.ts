/** Arco's Message, loaded with its styles the first time something is said (not needed to draw the login form). */
export async function showToast(kind: 'success' | 'error', content: string): Promise<void> {
  const [{ default: Message }] = await Promise.all([
    import('@arco-design/web-react/es/Message'),
    import('@arco-design/web-react/es/Message/style/css.js'),
  ]);
  Message[kind]({ content, id: content });
}
