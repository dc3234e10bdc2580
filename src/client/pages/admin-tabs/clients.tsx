import { ClientsArea } from '@/features/admin/clients/components/clients-area';

/** /admin/clients and /admin/clients/{id} (docs/product.md §12): her clients, and one client's page. */
export default function ClientsTabPage() {
  return <ClientsArea />;
}
