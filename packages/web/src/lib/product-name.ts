export const productName = 'Kafka Console';
