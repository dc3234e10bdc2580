/**
 * 'Export' on the client page (docs/privacy.md, the Privacy Act: her client may ask for everything held):
 * the JSON file, or a readable page in a new tab to print or save. Each export is written to the
 * client's access log, so the log on this page is refreshed a moment after.
 */
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Download, FileJson, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { clientExportJsonUrl, clientExportPageUrl } from '../api/client-export-urls';
import { clientKeys } from '../client-keys';

export const EXPORT_TEXTS = {
  button: 'Export',
  json: 'Download JSON',
  page: 'Readable page',
  hint: 'Everything held about this client. Each export is written to the access log.',
} as const;

/** How long after a click the access log is read again (the server logs the export as it answers). */
const LOG_REFRESH_MS = 1500;

export function ClientExportMenu({ clientId }: { clientId: number }) {
  const queryClient = useQueryClient();
  const refreshLog = () => {
    window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: clientKeys.accessLog(clientId) }),
      LOG_REFRESH_MS,
    );
  };

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="shrink-0">
          <Download aria-hidden />
          {EXPORT_TEXTS.button}
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64 max-w-[calc(100vw-2rem)]">
        <p className="px-2 py-1.5 text-xs text-muted-foreground">{EXPORT_TEXTS.hint}</p>
        <DropdownMenuItem asChild>
          <a href={clientExportJsonUrl(clientId)} download onClick={refreshLog}>
            <FileJson aria-hidden />
            {EXPORT_TEXTS.json}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={clientExportPageUrl(clientId)} target="_blank" rel="noopener noreferrer" onClick={refreshLog}>
            <FileText aria-hidden />
            {EXPORT_TEXTS.page}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
