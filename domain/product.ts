export const PRODUCT_NAME = 'Reuzado Portaal';
