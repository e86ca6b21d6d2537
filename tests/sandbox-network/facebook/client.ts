/**
 * The replica's own page script (plain JS, inlined in every page). Like the real site it builds
 * lists from the JSON answers of /api/graphql/ it fetches itself, acts through the same endpoint
 * and flips a button's label when the answer says the action happened; a refused action opens a
 * block dialog. Class names of what it builds are random, as the server's are.
 */
export const CLIENT_SCRIPT = `(() => {
const cfg = JSON.parse(document.getElementById('__cfg').textContent);
const L = cfg.labels;
const rnd = () => 'x' + Math.random().toString(36).slice(2, 8);
const el = (tag, attrs, text) => { const e = document.createElement(tag); e.className = rnd() + ' ' + rnd();
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v); if (text) e.textContent = text; return e; };
async function gql(name, variables) {
  const body = new URLSearchParams({ fb_api_req_friendly_name: name, variables: JSON.stringify(variables || {}) });
  const res = await fetch('/api/graphql/', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return res.json();
}
function dialog(err) {
  const d = el('div', { role: 'dialog', 'aria-label': err.title });
  d.append(el('h2', {}, err.title), el('span', {}, err.text));
  document.body.append(d);
}
function button(label, op, id) {
  const b = el('div', { role: 'button', tabindex: '0', 'aria-label': label, 'data-op': op, 'data-id': String(id) });
  b.append(el('span', {}, label));
  return b;
}
async function act(b) {
  if (b.getAttribute('aria-disabled') === 'true') return;
  b.setAttribute('aria-disabled', 'true');
  const answer = await gql(b.getAttribute('data-op'), { id: b.getAttribute('data-id') });
  b.removeAttribute('aria-disabled');
  if (answer.errors) return dialog(answer.errors[0]);
  const next = answer.data && answer.data.button;
  if (!next) return;
  if (next.remove) { b.remove(); return; }
  b.setAttribute('aria-label', next.label); b.firstChild.textContent = next.label;
  if (next.op) b.setAttribute('data-op', next.op); else b.removeAttribute('data-op');
  if (next.also === 'remove-siblings') for (const s of [...b.parentElement.children]) if (s !== b) s.remove();
}
document.addEventListener('click', (e) => {
  const b = e.target.closest('[data-op]');
  if (b && !b.closest('[data-compose]')) act(b);
});
function row(node, buttons) {
  const r = el('div', { role: 'listitem' });
  const a = el('a', { href: node.url, role: 'link' }, node.name);
  r.append(a); for (const b of buttons || []) r.append(b);
  return r;
}
const lists = {
  members(box, answer) {
    const c = answer.data.node.new_members;
    for (const e of c.edges) box.append(row(e.node));
    return c.page_info;
  },
  search(box, answer) {
    const c = answer.data.serpResponse.results;
    for (const e of c.edges) box.append(row(e.node));
    return c.page_info;
  },
  requests(box, answer) {
    for (const e of answer.data.viewer.friending_possibilities.edges)
      box.append(row(e.node, [button(L.confirm, 'FriendingCometFriendRequestConfirmMutation', e.node.id), button(L.deleteRequest, 'FriendingCometFriendRequestDeleteMutation', e.node.id)]));
  },
  friends(box, answer) { for (const e of answer.data.viewer.all_friends.edges) box.append(row(e.node)); },
  threads(box, answer) {
    for (const t of answer.data.viewer.message_threads.nodes) box.append(row({ url: '/messages/t/' + t.thread_key.other_user_id + '/', name: t.name }));
  },
  thread(box, answer) {
    for (const m of answer.data.message_thread.messages.nodes) box.append(message(m, answer.data.message_thread.name));
  },
};
function message(m, name) {
  const when = new Date(Number(m.timestamp_precise));
  const time = when.toISOString().slice(0, 16).replace('T', ' ');
  const wrap = el('div', { role: 'row' });
  const who = m.is_from_viewer ? L.you : name;
  const body = el('div', { 'aria-roledescription': 'message', 'aria-label': L.at + ' ' + time + ', ' + who + ': ' + m.text });
  body.append(el('div', { dir: 'auto' }, m.text));
  wrap.append(body);
  return wrap;
}
async function load(box, cursor) {
  const vars = JSON.parse(box.getAttribute('data-vars') || '{}');
  if (cursor) vars.cursor = cursor;
  box.setAttribute('aria-busy', 'true');
  const answer = await gql(box.getAttribute('data-query'), vars);
  box.removeAttribute('aria-busy');
  if (answer.errors) return dialog(answer.errors[0]);
  const info = lists[box.getAttribute('data-list')](box, answer);
  box.__next = info && info.has_next_page ? info.end_cursor : null;
}
const boxes = [...document.querySelectorAll('[data-query]')];
for (const box of boxes) load(box);
let more = false;
window.addEventListener('scroll', async () => {
  if (more || window.innerHeight + window.scrollY < document.body.scrollHeight - 40) return;
  const box = boxes.find((b) => b.__next);
  if (!box) return;
  more = true; try { await load(box, box.__next); } finally { more = false; }
});
const compose = document.querySelector('[data-compose]');
if (compose) {
  const box = compose.querySelector('[contenteditable]');
  const log = document.querySelector('[role=log]');
  const send = async () => {
    const text = box.textContent.trim();
    if (!text) return;
    const answer = await gql('MessengerSendMutation', { id: compose.getAttribute('data-id'), text });
    if (answer.errors) return dialog(answer.errors[0]);
    box.textContent = '';
    log.append(message(answer.data.message, ''));
  };
  box.addEventListener('keydown', (e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); send(); } });
  compose.querySelector('[role=button]').addEventListener('click', send);
}
})();`;
