import { useState } from 'react';
import { ClientType } from '@domain/enums';
import { productSchema, stockMsg } from '@domain/schemas/stock';
import { IMAGE_ACCEPT, isRasterImageType } from '@domain/files';
import { FormActions } from '../../../ui/form/FormError';
import { SelectField } from '../../../ui/form/ChoiceFields';
import { TextAreaField, TextField } from '../../../ui/form/TextField';
import { FieldMessage } from '../../../ui/form/Field';
import { UploadProgress } from '../../../ui/upload/UploadProgress';
import { useApiForm } from '../../../ui/form/useApiForm';
import { Modal } from '../../../ui/Modal';
import { toastSuccess } from '../../../shell/toast';
import { useSaveProduct } from '../api/products';
import { useEndCustomers, useProductGroups } from '../../../api/lookups';
import type { ProductDetail } from '@domain/contracts/stock';
import { useSessionUser } from '../../../session';

interface Props {
  product?: ProductDetail;
  /** Preset end customer of a new article (the customer page's 'Actieve voorraad' panel). */
  clientId?: number;
  onClose: () => void;
  onSaved?: (product: ProductDetail) => void;
}

/**
 * New article or Bewerken (spec 2 §5): description, group, article number and unique ID required; EOL in months; image
 * only.
 */
export function ProductFormModal({ product, clientId, onClose, onSaved }: Props) {
  const user = useSessionUser();
  const groups = useProductGroups();
  const customers = useEndCustomers();
  const save = useSaveProduct(product?.id ?? null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const chooseClient = user.clientTypeId !== ClientType.EINDKLANT;
  const form = useApiForm({
    initial: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      product_group_id: product ? String(product.product_group_id) : '',
      article_number: product?.article_number ?? '',
      unique_product_id: product?.unique_product_id ?? '',
      eol: product?.eol != null ? String(product.eol) : '',
      client_id: product ? String(product.client_id) : clientId ? String(clientId) : '',
    },
    schema: productSchema,
    submit: async () => {
      if (image && !isRasterImageType(image.type)) {
        setImageError(stockMsg.image);
        throw new Error(stockMsg.image);
      }
      const data = new FormData();
      for (const [k, v] of Object.entries(form.values))
        if (k !== 'client_id' || chooseClient) data.set(k, String(v ?? ''));
      if (!image) return save.mutateAsync({ form: data });
      data.set('image', image);
      setProgress(0);
      try {
        return await save.mutateAsync({ form: data, onProgress: setProgress });
      } finally {
        setProgress(null);
      }
    },
    onSuccess: (result) => {
      toastSuccess('Gelukt', product ? 'Artikel is gewijzigd' : 'Artikel is aangemaakt');
      onSaved?.(result.data);
      onClose();
    },
    onError: (err) => {
      const message = (err as Error).message;
      if (message === stockMsg.image) return '';
      return product
        ? 'Er is helaas iets fout gegaan bij het wijzigen van het artikel'
        : 'Er is helaas iets fout gegaan bij het aanmaken van het artikel';
    },
  });
  const imageFieldError = imageError ?? form.error('image');

  return (
    <Modal title={product ? 'Artikel bewerken' : 'Voorraad aanmaken'} onClose={onClose} size="large">
      <form {...form.formProps} aria-label="Artikel">
        {chooseClient && (
          <SelectField
            label="Eindklant"
            required
            {...form.bind('client_id')}
            disabled={!product && clientId != null}
            options={(customers.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          />
        )}
        <TextField label="Artikelomschrijving" required {...form.bind('name')} />
        <TextAreaField label="Omschrijving" rows={3} {...form.bind('description')} />
        <div className="form-row">
          <SelectField
            label="Productgroep"
            required
            {...form.bind('product_group_id')}
            options={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          />
          <TextField label="EOL (maanden)" inputMode="numeric" {...form.bind('eol')} />
        </div>
        <div className="form-row">
          <TextField label="Artikelnummer" required {...form.bind('article_number')} />
          <TextField label="Uniek product ID" required {...form.bind('unique_product_id')} />
        </div>
        <div className={`field${imageFieldError ? ' field-error' : ''}`}>
          <label htmlFor="product-image">Afbeelding</label>
          <input
            id="product-image"
            name="image"
            type="file"
            accept={IMAGE_ACCEPT}
            aria-invalid={imageFieldError ? true : undefined}
            onChange={(e) => {
              setImage(e.target.files?.[0] ?? null);
              setImageError(null);
            }}
          />
          <FieldMessage error={imageFieldError ?? undefined} />
        </div>
        <UploadProgress fraction={progress} label="Voortgang uploaden afbeelding" />
        <FormActions error={form.formError} pending={form.submitting} onCancel={onClose} />
      </form>
    </Modal>
  );
}
