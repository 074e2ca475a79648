import { FileText, ImageOff } from 'lucide-react';
import { type Attachment, isImageType } from '@shared/contracts/messages';
import { Spinner } from '@/components/ui/spinner';
import { formatFileSize } from '../lib/file-size';
import { useAttachmentUrl } from '../api/use-attachment-url';

/** A file of a message: an image shown inline (opens full size), any other file as a download link. */
export function AttachmentView({ attachment }: { attachment: Attachment }) {
  const { url, failed } = useAttachmentUrl(attachment.id);
  const image = isImageType(attachment.contentType);
  if (failed) {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-4" />
        {attachment.fileName} could not be loaded
      </span>
    );
  }
  if (!url) return <Spinner label={`Loading ${attachment.fileName}`} />;
  if (image) {
    return (
      <a href={url} target="_blank" rel="noreferrer" className="block w-fit">
        <img
          src={url}
          alt={attachment.fileName}
          className="max-h-60 max-w-full rounded-md border bg-white object-contain"
        />
      </a>
    );
  }
  return (
    <a
      href={url}
      download={attachment.fileName}
      className="inline-flex max-w-full items-center gap-1.5 rounded-md border bg-white px-2 py-1 text-sm text-primary underline-offset-2 hover:underline"
    >
      <FileText aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">{attachment.fileName}</span>
      <span className="shrink-0 text-muted-foreground">({formatFileSize(attachment.size)})</span>
    </a>
  );
}
