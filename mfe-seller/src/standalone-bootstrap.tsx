import { createRoot } from 'react-dom/client';
import { Toaster } from '@listready/ui';
import { createAppQueryClient } from '@listready/web-client';
import { RemoteErrorBoundary, RemoteProviders } from '@listready/web-client/remote';
import { SellerApp } from './seller-app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <RemoteProviders queryClient={createAppQueryClient()}>
    <RemoteErrorBoundary>
      <SellerApp />
    </RemoteErrorBoundary>
    <Toaster />
  </RemoteProviders>,
);
