/** Entry point: the router. Everything else loads with the root route (see app/root.tsx). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { routes } from './app/routes.tsx';
import './styles/app.css';

const router = createBrowserRouter(routes);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
