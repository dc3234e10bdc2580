/** The Clients tab's two screens: the list at /admin/clients, one client's page at /admin/clients/{id}. */
import { useRoute } from 'wouter';
import { clientIdFromParam } from '../client-view';
import { ClientPage } from './client-page';
import { ClientsTab } from './clients-tab';

export function ClientsArea() {
  const [isClient, params] = useRoute<{ id: string }>('/admin/clients/:id');
  return isClient ? <ClientPage key={params.id} id={clientIdFromParam(params.id)} /> : <ClientsTab />;
}
