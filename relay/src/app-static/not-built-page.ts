/** What `/` shows when the relay has no built app to serve (static text: nothing inline runs). */
export function notBuiltPage(appDir: string | null): string {
  const where = appDir ? `<p>Looked for <code>${escapeHtml(appDir)}/index.html</code>.</p>` : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ringback: the app is not built</title></head>
<body>
<h1>The Ringback app is not built yet</h1>
<p>This relay is running, but it has no app to serve. Build it from the Ringback checkout:</p>
<pre>npm run build</pre>
<p>then reload this page (no restart needed). The relay's API stays under <code>/v1/</code>.</p>
${where}
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
