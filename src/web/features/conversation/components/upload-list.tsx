import { RotateCw, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Upload } from '../api/use-uploads';

/**
 * The files of the message being written, each with its upload's progress or its refusal, and Try
 * again for one that failed on the way (the connection, not the file).
 */
export function UploadList({
  uploads,
  onRemove,
  onRetry,
}: {
  uploads: Upload[];
  onRemove(key: string): void;
  onRetry(key: string): void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Files to send">
      {uploads.map((u) => (
        <li key={u.key} className="flex items-center gap-2 rounded-lg border bg-white px-2 py-1.5 text-sm">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-800">{u.name}</p>
            {u.error ? (
              <p role="alert" className="text-xs text-destructive">
                {u.error}
              </p>
            ) : u.attachmentId ? (
              <p className="text-xs text-emerald-800">Uploaded</p>
            ) : !u.started ? (
              <p className="text-xs text-muted-foreground">Waiting to upload</p>
            ) : (
              <progress
                className="h-1.5 w-full accent-primary"
                max={1}
                value={u.progress}
                aria-label={`Uploading ${u.name}`}
              />
            )}
          </div>
          {u.error && u.retryable && (
            <Button variant="outline" size="sm" onClick={() => onRetry(u.key)} aria-label={`Try again: ${u.name}`}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={() => onRemove(u.key)} aria-label={`Remove ${u.name}`}>
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
