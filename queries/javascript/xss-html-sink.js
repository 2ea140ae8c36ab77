import DOMPurify from 'dompurify';

function renderComment(container, comment) {
  // ruleid: javascript/xss-html-sink
  container.innerHTML = `<p class="author">${comment.author}</p><p>${comment.body}</p>`;
}

function appendRow(table, item) {
  // ruleid: javascript/xss-html-sink
  table.tBodies[0].innerHTML += '<tr><td>' + item.name + '</td></tr>';
}

function showBanner(params) {
  // ruleid: javascript/xss-html-sink
  document.write(params.get('banner'));
  // ruleid: javascript/xss-html-sink
  document.body.insertAdjacentHTML('beforeend', params.get('footer'));
}

function Preview({ markdown }) {
  // ruleid: javascript/xss-html-sink
  return <div dangerouslySetInnerHTML={{ __html: marked(markdown) }} />;
}

function safeRendering(container, comment, params) {
  // ok: javascript/xss-html-sink
  container.innerHTML = '';
  // ok: javascript/xss-html-sink
  container.innerHTML = `<p class="empty">No comments yet</p>`;
  // ok: javascript/xss-html-sink
  container.textContent = comment.body;
  // ok: javascript/xss-html-sink
  container.innerHTML = DOMPurify.sanitize(comment.body);
  // ok: javascript/xss-html-sink
  document.write('<script src="/analytics.js"></script>');
  // ok: javascript/xss-html-sink
  const html = container.innerHTML;
  // ok: javascript/xss-html-sink
  container.insertAdjacentHTML('beforeend', '<hr>');
  // ok: javascript/xss-html-sink
  return <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(params.get('x')) }}>{html}</div>;
}
