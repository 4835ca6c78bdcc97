// The stylesheet is linked from index.html (in the entry chunk) so the first paint is styled.
import './styles.css';

// Async boundary: shared singletons (react, react-query, …) are negotiated before any of them runs.
void import('./bootstrap.tsx');
