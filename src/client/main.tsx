import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { readInitialData, seedQueryCache } from './lib/initial-data';
import { queryClient } from './lib/query-client';
import './index.css';

seedQueryCache(queryClient, readInitialData());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
