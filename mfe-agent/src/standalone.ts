// `npm run dev`: the remote on its own page for its team. Async boundary for the shared singletons.
import '@listready/ui/styles.css';
import './remote.css';

void import('./standalone-bootstrap.tsx');
