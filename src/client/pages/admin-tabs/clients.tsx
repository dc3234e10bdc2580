import { ClientsArea } from '@/features/admin/clients/components/clients-area';

/** /admin/clients and /admin/clients/{id} (issue 24): her clients, and one client's page. */
export default function ClientsTabPage() {
  return <ClientsArea />;
}
