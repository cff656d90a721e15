import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '@domain/product';

export function NotFoundPage() {
  useEffect(() => {
    document.title = `Pagina niet gevonden | ${PRODUCT_NAME}`;
  }, []);
  return (
    <div className="not-found">
      <h1>Pagina kan niet worden gevonden!</h1>
      <Link to="/" className="button button-primary">
        Naar het startscherm
      </Link>
    </div>
  );
}
