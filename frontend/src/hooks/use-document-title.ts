import { useEffect } from 'react';
import { documentTitle } from '@/utils/document-title';

export { SITE_NAME, documentTitle } from '@/utils/document-title';

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title]);
}
