import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './index.css';
import { showCarriedToast } from './lib/toast-store';
import { Providers } from './providers';
import { router } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

showCarriedToast();

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
