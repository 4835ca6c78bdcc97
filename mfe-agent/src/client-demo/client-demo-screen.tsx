import { PlaceholderScreen } from '../screens/placeholder-screen.tsx';

/** /client-demo: what the agent's clients see, on sample data. */
export function ClientDemoScreen() {
  return <PlaceholderScreen title="Client Demo" tagline="What your clients see" />;
}
