import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import type { ExportFormat } from './record-export';

type Props = { open: boolean; onDownload: (format: ExportFormat) => void; onClose: () => void };

/**
 * CSV or JSON (docs/api-conventions.md#download), with the warning that large topics are slow and heavy to
 * export.
 */
export function DownloadDialog({ open, onDownload, onClose }: Props) {
  const [format, setFormat] = useState<ExportFormat>('json');
  return (
    <ConfirmDialog
      open={open}
      title="Download query result"
      message={
        <div className="download-dialog">
          <fieldset className="download-dialog__formats">
            <legend>Format</legend>
            {(['json', 'csv'] as const).map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name="download-format"
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                />
                {value.toUpperCase()}
              </label>
            ))}
          </fieldset>
          <p className="download-dialog__warning" role="note">
            Every record matching the filters is exported, from the start. On a large topic this can be slow
            and use much memory. If the console's scan budgets run out first, the download fails rather than
            ending early.
          </p>
        </div>
      }
      confirmLabel="Download"
      onConfirm={() => {
        onDownload(format);
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
