import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import RequiredMark from '../RequiredMark.tsx';
import { documentUploadContextOf, type StoredDocument } from './DocumentUploadContext.ts';
import { acceptedText, formatFileSize } from './documentText.ts';
import { DocumentIcon, UploadIcon } from './icons.tsx';
import { openDocument } from './openDocument.ts';
import { cx, numberOption, stringOption } from '../uiOptions.ts';

const FAILED = 'We could not upload this file. Please try again.';
const NOT_SHOWN = 'We could not open this document. Please try again.';

/**
 * One document of the proposal (proof of identity, address, income): an object value
 * {id, name, type, size}, the reference the server answers for an upload. Shows its label,
 * what it accepts ('PDF, JPEG or PNG, up to 5 MB', from ui:options accept and maxBytes), the
 * file kept ('passport.jpg · 1.2 MB') with View, and a 'Choose file' / 'Replace file' button.
 * Choosing a file uploads it at once through formContext's DocumentUploadContext as
 * ui:options.kind, with a progress bar; the value stays as it was until the upload succeeds,
 * then becomes the server's reference. 'Uploading…' and 'Uploaded' are said politely; a refusal
 * (the browser's or the server's words) and the schema's errors of id/type/size show in an
 * alert tied to the button. FieldTemplate draws the field's own error (required) and ui:help.
 */
export default function DocumentUploadField(props: FieldProps<StoredDocument>) {
  const { formData, fieldPathId, uiSchema, schema, required, disabled, readonly, registry, errorSchema } =
    props;
  const { onChange, rawErrors, name } = props;
  const id = fieldPathId.$id;
  const options = getUiOptions(uiSchema);
  const label = stringOption(options, 'title') ?? schema.title ?? props.title ?? name;
  const kind = stringOption(options, 'kind');
  const accepts = acceptedText(stringOption(options, 'accept'), numberOption(options, 'maxBytes'));
  const context = documentUploadContextOf(registry.formContext);
  const stored = formData && typeof formData.id === 'string' && formData.id !== '' ? formData : undefined;

  const inputRef = useRef<HTMLInputElement>(null);
  const attempt = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const [uploading, setUploading] = useState<{ name: string; progress: number }>();
  const [ownError, setOwnError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');

  const childErrors = ['id', 'type', 'size'].flatMap(
    (key) => (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[key]?.__errors ?? [],
  );
  // RJSF defaults a required object to {}, so a document never uploaded comes as a reference
  // without an id, and its schema's errors speak of a reference (`id` required) rather than of
  // a missing document: said here as the document's own required message would say it.
  const childError = stored
    ? childErrors.find((message) => message.trim() !== '')
    : childErrors.length > 0
      ? `Please upload your ${lowerFirst(label)}`
      : undefined;
  const error = ownError ?? childError;
  const invalid = Boolean(error) || (rawErrors?.length ?? 0) > 0;
  const unavailable = !context || !kind || disabled || readonly;

  const choose = () => {
    if (uploading || unavailable) return;
    inputRef.current?.click();
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again (after a refusal) must fire a change too.
    event.target.value = '';
    if (!file || !context || !kind) return;
    const current = ++attempt.current;
    const live = () => mounted.current && attempt.current === current;
    setOwnError(undefined);
    setUploading({ name: file.name, progress: 0 });
    setAnnouncement('Uploading…');
    try {
      const kept = await context.upload(file, {
        kind,
        onProgress: (fraction) => live() && setUploading({ name: file.name, progress: fraction }),
      });
      if (!live()) return;
      setUploading(undefined);
      setAnnouncement('Uploaded');
      onChange({ id: kept.id, name: kept.name, type: kept.type, size: kept.size }, fieldPathId.path);
    } catch (failure) {
      if (!live()) return;
      setUploading(undefined);
      setAnnouncement('');
      setOwnError(failure instanceof Error && failure.message ? failure.message : FAILED);
    }
  };

  const view = () => {
    if (!context || !stored) return;
    setOwnError(undefined);
    openDocument(() => context.download(stored.id)).catch(
      (failure: unknown) =>
        mounted.current &&
        setOwnError(failure instanceof Error && failure.message ? failure.message : NOT_SHOWN),
    );
  };

  const percent = uploading ? Math.round(uploading.progress * 100) : 0;
  const describedBy = [
    accepts && `${id}__accepts`,
    stored && !uploading && `${id}__file`,
    `${id}__upload-error`,
    `${id}__error`,
    `${id}__help`,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={cx('bf-upload', invalid && 'is-invalid', uploading && 'is-uploading')}>
      <div className="bf-upload__head">
        <span className="bf-label" id={`${id}__label`}>
          {label}
          {required && <RequiredMark />}
          {required && <span className="bf-visually-hidden"> (required)</span>}
        </span>
        {accepts && (
          <span className="bf-upload__accepts" id={`${id}__accepts`}>
            {accepts}
          </span>
        )}
      </div>
      {stored && !uploading && (
        <div className="bf-upload__file">
          <DocumentIcon className="bf-upload__file-icon" />
          <span className="bf-upload__file-name" id={`${id}__file`}>
            {`${stored.name} · ${formatFileSize(stored.size)}`}
          </span>
          {context && (
            <button type="button" className="bf-text-button bf-upload__view" onClick={view}>
              View<span className="bf-visually-hidden"> {label}</span>
            </button>
          )}
        </div>
      )}
      {uploading && (
        <div className="bf-upload__progress">
          <span className="bf-upload__progress-label" id={`${id}__progress`}>
            {`Uploading ${uploading.name}… ${percent}%`}
          </span>
          <div
            className="bf-upload__bar"
            role="progressbar"
            aria-labelledby={`${id}__progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="bf-upload__bar-fill" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      <input
        ref={inputRef}
        type="file"
        className="bf-visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        accept={stringOption(options, 'accept')}
        disabled={unavailable}
        id={`${id}__input`}
        onChange={upload}
      />
      <button
        type="button"
        id={id}
        className="bf-outline-button bf-upload__choose"
        aria-labelledby={`${id}__action ${id}__label`}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-disabled={uploading ? true : undefined}
        disabled={unavailable}
        onClick={choose}
      >
        <UploadIcon />
        <span id={`${id}__action`}>{stored ? 'Replace file' : 'Choose file'}</span>
      </button>
      <div id={`${id}__upload-error`} className="bf-field-error" role="alert">
        {error}
      </div>
      <p className="bf-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** 'Proof of identity' → 'proof of identity'; an abbreviation ('PAN card') stays as it is. */
function lowerFirst(text: string): string {
  return /^[A-Z][A-Z]/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}
