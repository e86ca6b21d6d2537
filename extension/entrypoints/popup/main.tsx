import { createRoot } from 'react-dom/client';

function Popup() {
  return <main>Reachly</main>;
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Popup />);
